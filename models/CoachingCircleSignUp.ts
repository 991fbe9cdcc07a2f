import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { CoachingCircle } from './CoachingCircle';
import type { CoachingCircleCoach } from './CoachingCircleCoach';
import type { Student } from './Student';

/** A student in one coach's group of a coaching circle: one per student and circle. */
export class CoachingCircleSignUp extends Model<InferAttributes<CoachingCircleSignUp>, InferCreationAttributes<CoachingCircleSignUp>> {
  declare id: CreationOptional<number>;
  declare coachingCircleId: number;
  declare coachingCircleCoachId: number;
  declare studentId: number;
  declare enrollmentId: CreationOptional<number | null>;
  /** Set when the student left after attendance was taken (the sign-up kept as history, no seat held; migration 0027). */
  declare leftAt: CreationOptional<Date | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare circle?: NonAttribute<CoachingCircle>;
  declare circleCoach?: NonAttribute<CoachingCircleCoach>;
  declare student?: NonAttribute<Student>;

  static initModel(sequelize: Sequelize) {
    CoachingCircleSignUp.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        coachingCircleId: { type: DataTypes.INTEGER, allowNull: false },
        coachingCircleCoachId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        enrollmentId: { type: DataTypes.INTEGER, allowNull: true },
        leftAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coaching_circle_sign_ups', ...commonOptions },
    );
  }
}
