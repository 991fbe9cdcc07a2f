import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { Of, ProgressSource } from './enums';
import { auditAttributes, commonOptions } from './base';

/**
 * How far one enrollment is in one graduation requirement (issue 21): done against total, a score (a
 * percentage), where it came from (the LMS sync, attendance, staff) and the source's own id. One row
 * per enrollment and requirement (unique), written by upsert (api/academics/progress.ts).
 */
export class AcademicProgress extends Model<InferAttributes<AcademicProgress>, InferCreationAttributes<AcademicProgress>> {
  declare id: CreationOptional<number>;
  declare enrollmentId: number;
  declare graduationRequirementId: number;
  declare done: number;
  declare total: number | null;
  declare score: number | null;
  declare source: Of<typeof ProgressSource>;
  declare externalId: CreationOptional<string | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    AcademicProgress.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        enrollmentId: { type: DataTypes.INTEGER, allowNull: false },
        graduationRequirementId: { type: DataTypes.INTEGER, allowNull: false },
        done: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        total: { type: DataTypes.INTEGER, allowNull: true },
        score: { type: DataTypes.DECIMAL(5, 2), allowNull: true },
        source: { type: DataTypes.STRING(20), allowNull: false },
        externalId: { type: DataTypes.STRING(100), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'academic_progress', ...commonOptions },
    );
  }
}
