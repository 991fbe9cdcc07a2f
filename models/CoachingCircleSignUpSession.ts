import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { AttendanceStatus, Of } from './enums';
import type { CoachingCircleSession } from './CoachingCircleSession';
import type { CoachingCircleSignUp } from './CoachingCircleSignUp';

/**
 * The attendance record of a circle sign-up for one session (the spec's coachingCircleSignUpSessionId):
 * PENDING until taken, then ATTENDED or ABSENT, with participation and notes. Its coach is the group the
 * student attends that session with.
 */
export class CoachingCircleSignUpSession extends Model<InferAttributes<CoachingCircleSignUpSession>, InferCreationAttributes<CoachingCircleSignUpSession>> {
  declare id: CreationOptional<number>;
  declare coachingCircleSignUpId: number;
  declare coachingCircleSessionId: number;
  declare coachingCircleCoachId: number;
  declare status: CreationOptional<Of<typeof AttendanceStatus>>;
  declare participation: CreationOptional<string | null>;
  declare notes: CreationOptional<string | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare signUp?: NonAttribute<CoachingCircleSignUp>;
  declare session?: NonAttribute<CoachingCircleSession>;

  static initModel(sequelize: Sequelize) {
    CoachingCircleSignUpSession.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        coachingCircleSignUpId: { type: DataTypes.INTEGER, allowNull: false },
        coachingCircleSessionId: { type: DataTypes.INTEGER, allowNull: false },
        coachingCircleCoachId: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'PENDING' },
        participation: { type: DataTypes.STRING(30), allowNull: true },
        notes: { type: DataTypes.TEXT, allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coaching_circle_sign_up_sessions', ...commonOptions },
    );
  }
}
