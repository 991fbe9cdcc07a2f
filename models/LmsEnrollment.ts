import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import type { LmsEnrollmentAction, LmsEnrollmentStatus, Of } from './enums';
import { commonOptions } from './base';
import type { Cohort } from './Cohort';
import type { Student } from './Student';

/**
 * A student's enrollment in a cohort's LMS course or section (issue 21): the wanted action and its
 * delivery — PENDING until the LMS said yes (DONE) or the attempts ran out (FAILED, retried by staff).
 */
export class LmsEnrollment extends Model<InferAttributes<LmsEnrollment>, InferCreationAttributes<LmsEnrollment>> {
  declare id: CreationOptional<number>;
  declare lmsConnectionId: number;
  declare studentId: number;
  declare cohortId: number;
  declare applicationId: number | null;
  declare action: Of<typeof LmsEnrollmentAction>;
  declare status: CreationOptional<Of<typeof LmsEnrollmentStatus>>;
  declare externalUserId: CreationOptional<string | null>;
  declare externalTarget: CreationOptional<string | null>;
  declare attempts: CreationOptional<number>;
  declare lastError: CreationOptional<string | null>;
  declare lastAttemptAt: CreationOptional<Date | null>;
  declare doneAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare student?: NonAttribute<Student>;
  declare cohort?: NonAttribute<Cohort>;

  static initModel(sequelize: Sequelize) {
    LmsEnrollment.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        lmsConnectionId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        applicationId: { type: DataTypes.INTEGER, allowNull: true },
        action: { type: DataTypes.STRING(12), allowNull: false },
        status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'PENDING' },
        externalUserId: { type: DataTypes.STRING(100), allowNull: true },
        externalTarget: { type: DataTypes.STRING(200), allowNull: true },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastError: { type: DataTypes.STRING(1000), allowNull: true },
        lastAttemptAt: { type: DataTypes.DATE(3), allowNull: true },
        doneAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'lms_enrollments', ...commonOptions },
    );
  }
}
