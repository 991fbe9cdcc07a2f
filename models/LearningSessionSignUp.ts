import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { AttendanceStatus, Of } from './enums';
import type { LearningSession } from './LearningSession';
import type { Student } from './Student';

/**
 * A student's sign-up to a learning session (one per student and session) and the attendance taken on
 * it: participation status PENDING until taken, then ATTENDED or ABSENT; participation; notes.
 */
export class LearningSessionSignUp extends Model<InferAttributes<LearningSessionSignUp>, InferCreationAttributes<LearningSessionSignUp>> {
  declare id: CreationOptional<number>;
  declare learningSessionId: number;
  declare studentId: number;
  declare participationStatus: CreationOptional<Of<typeof AttendanceStatus>>;
  declare participation: CreationOptional<string | null>;
  declare notes: CreationOptional<string | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare learningSession?: NonAttribute<LearningSession>;
  declare student?: NonAttribute<Student>;

  static initModel(sequelize: Sequelize) {
    LearningSessionSignUp.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        learningSessionId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        participationStatus: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'PENDING' },
        participation: { type: DataTypes.STRING(100), allowNull: true },
        notes: { type: DataTypes.TEXT, allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'learning_session_sign_ups', ...commonOptions },
    );
  }
}
