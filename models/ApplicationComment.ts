import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** A staff comment on an application, with its author. */
export class ApplicationComment extends Model<InferAttributes<ApplicationComment>, InferCreationAttributes<ApplicationComment>> {
  declare id: CreationOptional<number>;
  declare applicationId: number;
  declare content: string;
  declare authorId: number | null;
  declare authorName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    ApplicationComment.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        content: { type: DataTypes.TEXT, allowNull: false },
        authorId: { type: DataTypes.INTEGER, allowNull: true },
        authorName: { type: DataTypes.STRING(200), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'application_comments', ...commonOptions },
    );
  }
}
