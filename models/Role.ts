import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions, jsonText } from './base';

/** A named set of `resource:action` permissions given to administrators. */
export class Role extends Model<InferAttributes<Role>, InferCreationAttributes<Role>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare description: string | null;
  declare permissions: CreationOptional<string[]>;
  declare system: CreationOptional<boolean>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Role.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        name: { type: DataTypes.STRING(50), allowNull: false, unique: true },
        description: { type: DataTypes.STRING(255), allowNull: true },
        permissions: jsonText('permissions', []),
        system: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'roles', ...commonOptions },
    );
  }
}
