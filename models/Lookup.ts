import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** Reference values the screens offer in selects (GET /api/public/lookups). */
export class Lookup extends Model<InferAttributes<Lookup>, InferCreationAttributes<Lookup>> {
  declare id: CreationOptional<number>;
  declare type: string;
  declare value: string;
  declare label: string | null;
  declare displayOrder: CreationOptional<number>;

  static initModel(sequelize: Sequelize) {
    Lookup.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        type: { type: DataTypes.STRING(40), allowNull: false },
        value: { type: DataTypes.STRING(60), allowNull: false },
        label: { type: DataTypes.STRING(120), allowNull: true },
        displayOrder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      },
      { sequelize, tableName: 'lookups', underscored: true, timestamps: false },
    );
  }
}
