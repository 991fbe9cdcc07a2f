import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** An answer to one questionnaire question of an application. */
export class ApplicationAnswer extends Model<InferAttributes<ApplicationAnswer>, InferCreationAttributes<ApplicationAnswer>> {
  declare id: CreationOptional<number>;
  declare applicationId: number;
  declare questionId: string;
  declare content: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    ApplicationAnswer.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        questionId: { type: DataTypes.STRING(60), allowNull: false },
        content: { type: DataTypes.TEXT, allowNull: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'application_answers', ...commonOptions },
    );
  }
}
