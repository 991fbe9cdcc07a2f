import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** A staff comment on a coach, with its author (back-office spec §3 "Coach comment"). */
export class CoachComment extends Model<InferAttributes<CoachComment>, InferCreationAttributes<CoachComment>> {
  declare id: CreationOptional<number>;
  declare coachId: number;
  declare content: string;
  declare authorId: number | null;
  declare authorName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CoachComment.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        coachId: { type: DataTypes.INTEGER, allowNull: false },
        content: { type: DataTypes.TEXT, allowNull: false },
        authorId: { type: DataTypes.INTEGER, allowNull: true },
        authorName: { type: DataTypes.STRING(200), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coach_comments', ...commonOptions },
    );
  }
}
