import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';

/** A date on which a cohort's coaching circles (of one circle type, or all when null) do not meet. */
export class SkippedCoachingCircleSession extends Model<InferAttributes<SkippedCoachingCircleSession>, InferCreationAttributes<SkippedCoachingCircleSession>> {
  declare id: CreationOptional<number>;
  declare cohortId: number;
  declare coachingCircleTypeId: number | null;
  declare sessionDate: string;
  declare description: string | null;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    SkippedCoachingCircleSession.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        coachingCircleTypeId: { type: DataTypes.INTEGER, allowNull: true },
        sessionDate: { type: DataTypes.DATEONLY, allowNull: false },
        description: { type: DataTypes.STRING(255), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'skipped_coaching_circle_sessions', ...commonOptions },
    );
  }
}
