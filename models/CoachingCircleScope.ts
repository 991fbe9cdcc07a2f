import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** A cohort whose students may sign up to a coaching circle (the circle's own cohort first). */
export class CoachingCircleScope extends Model<InferAttributes<CoachingCircleScope>, InferCreationAttributes<CoachingCircleScope>> {
  declare id: CreationOptional<number>;
  declare coachingCircleId: number;
  declare cohortId: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CoachingCircleScope.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        coachingCircleId: { type: DataTypes.INTEGER, allowNull: false },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coaching_circle_scopes', ...commonOptions },
    );
  }
}
