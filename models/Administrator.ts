import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { Role } from './Role';
import type { User } from './User';

/** A back-office staff member. `email` mirrors users.email so lists search one indexed table. */
export class Administrator extends Model<InferAttributes<Administrator>, InferCreationAttributes<Administrator>> {
  declare id: CreationOptional<number>;
  declare userId: ForeignKey<User['id']>;
  declare email: string;
  declare firstName: string;
  declare lastName: string;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare deletedAt: Date | null;

  declare user?: NonAttribute<User>;
  declare roles?: NonAttribute<Role[]>;

  static initModel(sequelize: Sequelize) {
    Administrator.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        email: { type: DataTypes.STRING(254), allowNull: false },
        firstName: { type: DataTypes.STRING(100), allowNull: false },
        lastName: { type: DataTypes.STRING(100), allowNull: false },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
        deletedAt: { type: DataTypes.DATE(3), allowNull: true },
      },
      { sequelize, tableName: 'administrators', ...commonOptions, paranoid: true },
    );
  }
}
