import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { commonOptions } from './base';
import type { Cohort } from './Cohort';

/** A cohort whose students may sign up to a learning session. */
export class LearningSessionScope extends Model<InferAttributes<LearningSessionScope>, InferCreationAttributes<LearningSessionScope>> {
  declare id: CreationOptional<number>;
  declare learningSessionId: number;
  declare cohortId: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare cohort?: NonAttribute<Cohort>;

  static initModel(sequelize: Sequelize) {
    LearningSessionScope.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        learningSessionId: { type: DataTypes.INTEGER, allowNull: false },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'learning_session_scopes', ...commonOptions },
    );
  }
}
