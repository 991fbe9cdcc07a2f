import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions, moduleAttributes } from './base';
import type { ModuleGroup } from './ModuleGroup';

/** A module of a cohort, copied from a program module (`programModuleId`) and dated for the cohort. */
export class CohortModule extends Model<InferAttributes<CohortModule>, InferCreationAttributes<CohortModule>> {
  declare id: CreationOptional<number>;
  declare cohortId: number;
  declare programModuleId: number | null;
  declare title: string;
  declare d2lModuleId: string | null;
  declare groupName: string | null;
  declare moduleGroupId: number | null;
  declare locked: CreationOptional<boolean>;
  declare duration: number | null;
  declare startDateTime: Date | null;
  declare openDate: Date | null;
  declare closeDate: Date | null;
  declare endDateTime: Date | null;
  declare image: string | null;
  declare consumeTrackingEnabled: CreationOptional<boolean>;
  declare communicationTemplateId: number | null;
  declare displayOrder: CreationOptional<number>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare moduleGroup?: NonAttribute<ModuleGroup | null>;

  static initModel(sequelize: Sequelize) {
    CohortModule.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        programModuleId: { type: DataTypes.INTEGER, allowNull: true },
        ...moduleAttributes(),
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'cohort_modules', ...commonOptions },
    );
  }
}
