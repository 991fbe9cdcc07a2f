import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { FrequencyUnit, Of } from './enums';
import type { Cohort } from './Cohort';
import type { CoachingCircleType } from './CoachingCircleType';
import type { CoachingCircleCoach } from './CoachingCircleCoach';
import type { CoachingCircleScope } from './CoachingCircleScope';
import type { CoachingCircleSession } from './CoachingCircleSession';

/**
 * A cohort's coaching circle of a type (back-office spec §3; domain rules "Coaching circles and learning
 * sessions"): meets from `startDate` at `startTime` (wall clock in `timeZone`) for `sessions` sessions
 * every `frequency` `frequencyUnit`, each `duration` minutes; sign-ups between `openDate` and `closeDate`.
 */
export class CoachingCircle extends Model<InferAttributes<CoachingCircle>, InferCreationAttributes<CoachingCircle>> {
  declare id: CreationOptional<number>;
  declare coachingCircleTypeId: number;
  declare cohortId: number;
  declare name: CreationOptional<string | null>;
  declare sessions: number;
  declare maxStudents: number;
  declare frequency: number;
  declare frequencyUnit: Of<typeof FrequencyUnit>;
  declare duration: number;
  /** YYYY-MM-DD. */
  declare startDate: string;
  /** HH:mm, wall clock in timeZone. */
  declare startTime: string;
  declare endTime: string;
  declare timeZone: CreationOptional<string>;
  declare openDate: CreationOptional<Date | null>;
  declare closeDate: CreationOptional<Date | null>;
  declare openCloseDatesFromCohortConfig: CreationOptional<boolean>;
  declare skipSessionsFromCohortConfig: CreationOptional<boolean>;
  declare published: CreationOptional<boolean>;
  declare publishedAt: CreationOptional<Date | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare type?: NonAttribute<CoachingCircleType>;
  declare cohort?: NonAttribute<Cohort>;
  declare coaches?: NonAttribute<CoachingCircleCoach[]>;
  declare scopes?: NonAttribute<CoachingCircleScope[]>;
  declare circleSessions?: NonAttribute<CoachingCircleSession[]>;

  static initModel(sequelize: Sequelize) {
    CoachingCircle.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        coachingCircleTypeId: { type: DataTypes.INTEGER, allowNull: false },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        name: { type: DataTypes.STRING(200), allowNull: true },
        sessions: { type: DataTypes.INTEGER, allowNull: false },
        maxStudents: { type: DataTypes.INTEGER, allowNull: false },
        frequency: { type: DataTypes.INTEGER, allowNull: false },
        frequencyUnit: { type: DataTypes.STRING(10), allowNull: false },
        duration: { type: DataTypes.INTEGER, allowNull: false },
        startDate: { type: DataTypes.DATEONLY, allowNull: false },
        startTime: { type: DataTypes.STRING(5), allowNull: false },
        endTime: { type: DataTypes.STRING(5), allowNull: false },
        timeZone: { type: DataTypes.STRING(64), allowNull: false, defaultValue: 'America/New_York' },
        openDate: { type: DataTypes.DATE(3), allowNull: true },
        closeDate: { type: DataTypes.DATE(3), allowNull: true },
        openCloseDatesFromCohortConfig: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        skipSessionsFromCohortConfig: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        published: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        publishedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coaching_circles', ...commonOptions },
    );
  }
}
