import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import type { EnrollmentStatus, GraduationStatus, Of } from './enums';
import { auditAttributes, commonOptions } from './base';
import type { Cohort } from './Cohort';

/** A student's place in one cohort, created ACTIVE when the application becomes ENROLLED (one per cohort of the product). */
export class Enrollment extends Model<InferAttributes<Enrollment>, InferCreationAttributes<Enrollment>> {
  declare id: CreationOptional<number>;
  declare applicationId: number;
  declare studentId: number;
  declare cohortId: number;
  declare programId: number;
  declare status: CreationOptional<Of<typeof EnrollmentStatus>>;
  declare enrolledAt: Date;
  /** Issue 21: the graduation status (api/academics/graduation-status.ts), when it last changed, and the graduation itself. */
  declare graduationStatus: CreationOptional<Of<typeof GraduationStatus>>;
  declare graduationStatusAt: CreationOptional<Date | null>;
  declare graduatedAt: CreationOptional<Date | null>;
  declare graduationLate: CreationOptional<boolean>;
  declare graduatedByName: CreationOptional<string | null>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare cohort?: NonAttribute<Cohort>;

  static initModel(sequelize: Sequelize) {
    Enrollment.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'ACTIVE' },
        enrolledAt: { type: DataTypes.DATE(3), allowNull: false },
        graduationStatus: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'PENDING' },
        graduationStatusAt: { type: DataTypes.DATE(3), allowNull: true },
        graduatedAt: { type: DataTypes.DATE(3), allowNull: true },
        graduationLate: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        graduatedByName: { type: DataTypes.STRING(200), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'enrollments', ...commonOptions },
    );
  }
}
