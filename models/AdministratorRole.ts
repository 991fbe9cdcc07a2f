import { DataTypes, Model, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** Which roles an administrator holds. */
export class AdministratorRole extends Model<InferAttributes<AdministratorRole>, InferCreationAttributes<AdministratorRole>> {
  declare administratorId: number;
  declare roleId: number;

  static initModel(sequelize: Sequelize) {
    AdministratorRole.init(
      {
        administratorId: { type: DataTypes.INTEGER, primaryKey: true },
        roleId: { type: DataTypes.INTEGER, primaryKey: true },
      },
      { sequelize, tableName: 'administrator_roles', underscored: true, timestamps: false },
    );
  }
}
