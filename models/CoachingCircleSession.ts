import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** One generated meeting of a coaching circle (instants in UTC). */
export class CoachingCircleSession extends Model<InferAttributes<CoachingCircleSession>, InferCreationAttributes<CoachingCircleSession>> {
  declare id: CreationOptional<number>;
  declare coachingCircleId: number;
  declare sessionNumber: number;
  declare startDateTime: Date;
  declare endDateTime: Date;
  /** When the CIRCLE_SESSION_REMINDERS job made this session's reminders (migration 0027). */
  declare remindersSentAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CoachingCircleSession.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        coachingCircleId: { type: DataTypes.INTEGER, allowNull: false },
        sessionNumber: { type: DataTypes.INTEGER, allowNull: false },
        startDateTime: { type: DataTypes.DATE(3), allowNull: false },
        endDateTime: { type: DataTypes.DATE(3), allowNull: false },
        remindersSentAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coaching_circle_sessions', ...commonOptions },
    );
  }
}
