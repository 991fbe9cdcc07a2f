import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** A module of one of the student's cohorts the student bookmarked in My courses (issue 21): one per student and module. */
export class ModuleBookmark extends Model<InferAttributes<ModuleBookmark>, InferCreationAttributes<ModuleBookmark>> {
  declare id: CreationOptional<number>;
  declare studentId: number;
  declare cohortModuleId: number;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    ModuleBookmark.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        cohortModuleId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'module_bookmarks', ...commonOptions, updatedAt: false },
    );
  }
}
