import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** A program included in a bundle program (`/programs/{id}/programs`). */
export class ProgramBundleItem extends Model<InferAttributes<ProgramBundleItem>, InferCreationAttributes<ProgramBundleItem>> {
  declare id: CreationOptional<number>;
  declare bundleProgramId: number;
  declare programId: number;
  declare displayOrder: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    ProgramBundleItem.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        bundleProgramId: { type: DataTypes.INTEGER, allowNull: false },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        displayOrder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'program_bundle_items', ...commonOptions },
    );
  }
}
