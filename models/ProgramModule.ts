import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions, moduleAttributes } from './base';
import type { ModuleGroup } from './ModuleGroup';

/** A module of a program's course; cohorts copy them into cohort modules with their own dates. */
export class ProgramModule extends Model<InferAttributes<ProgramModule>, InferCreationAttributes<ProgramModule>> {
  declare id: CreationOptional<number>;
  declare programId: number;
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
    ProgramModule.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        ...moduleAttributes(),
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'program_modules', ...commonOptions },
    );
  }
}
