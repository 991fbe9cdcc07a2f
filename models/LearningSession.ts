import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { Coach } from './Coach';
import type { Language, LearningSessionType, Of } from './enums';
import type { LearningSessionScope } from './LearningSessionScope';

/**
 * A learning session (platform spec §7; back-office spec §3 "Learning session"): one meeting a coach
 * leads, starting at `startDateTime` (UTC) for `duration` minutes (90 by default, at most 240), open to
 * the students of its scope cohorts up to `maxStudents` (10 by default) once published.
 */
export class LearningSession extends Model<InferAttributes<LearningSession>, InferCreationAttributes<LearningSession>> {
  declare id: CreationOptional<number>;
  declare type: Of<typeof LearningSessionType>;
  declare title: string;
  declare description: CreationOptional<string | null>;
  declare coachId: CreationOptional<number | null>;
  declare maxStudents: CreationOptional<number>;
  declare startDateTime: Date;
  declare duration: CreationOptional<number>;
  declare language: CreationOptional<Of<typeof Language>>;
  declare webConferenceUrl: CreationOptional<string | null>;
  declare published: CreationOptional<boolean>;
  declare publishedAt: CreationOptional<Date | null>;
  declare autoPublishDate: CreationOptional<Date | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare coach?: NonAttribute<Coach | null>;
  declare scopes?: NonAttribute<LearningSessionScope[]>;

  static initModel(sequelize: Sequelize) {
    LearningSession.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        type: { type: DataTypes.STRING(30), allowNull: false },
        title: { type: DataTypes.STRING(200), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: true },
        coachId: { type: DataTypes.INTEGER, allowNull: true },
        maxStudents: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 10 },
        startDateTime: { type: DataTypes.DATE(3), allowNull: false },
        duration: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 90 },
        language: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'EN' },
        webConferenceUrl: { type: DataTypes.STRING(500), allowNull: true },
        published: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        publishedAt: { type: DataTypes.DATE(3), allowNull: true },
        autoPublishDate: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'learning_sessions', ...commonOptions },
    );
  }
}
