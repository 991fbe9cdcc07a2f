import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** A student's user id in one connection's learning system (made there when missing). */
export class LmsUser extends Model<InferAttributes<LmsUser>, InferCreationAttributes<LmsUser>> {
  declare id: CreationOptional<number>;
  declare lmsConnectionId: number;
  declare studentId: number;
  declare externalUserId: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    LmsUser.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        lmsConnectionId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        externalUserId: { type: DataTypes.STRING(100), allowNull: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'lms_users', ...commonOptions },
    );
  }
}
