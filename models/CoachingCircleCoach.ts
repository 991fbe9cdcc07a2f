import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { Coach } from './Coach';
import type { CoachingCircle } from './CoachingCircle';

/** A coach's group in a coaching circle: its web conference URL and max students (back-office spec §3). */
export class CoachingCircleCoach extends Model<InferAttributes<CoachingCircleCoach>, InferCreationAttributes<CoachingCircleCoach>> {
  declare id: CreationOptional<number>;
  declare coachingCircleId: number;
  declare coachId: number;
  declare webConferenceUrl: CreationOptional<string | null>;
  declare maxStudents: number;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare coach?: NonAttribute<Coach>;
  declare circle?: NonAttribute<CoachingCircle>;

  static initModel(sequelize: Sequelize) {
    CoachingCircleCoach.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        coachingCircleId: { type: DataTypes.INTEGER, allowNull: false },
        coachId: { type: DataTypes.INTEGER, allowNull: false },
        webConferenceUrl: { type: DataTypes.STRING(500), allowNull: true },
        maxStudents: { type: DataTypes.INTEGER, allowNull: false },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coaching_circle_coaches', ...commonOptions },
    );
  }
}
