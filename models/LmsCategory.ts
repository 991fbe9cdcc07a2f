import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { LmsCategoryKind, Of } from './enums';
import { commonOptions } from './base';

/** A quiz or assignment grade category of a program's LMS course (filled by the LMS sync). */
export class LmsCategory extends Model<InferAttributes<LmsCategory>, InferCreationAttributes<LmsCategory>> {
  declare id: CreationOptional<number>;
  declare programId: number;
  declare kind: Of<typeof LmsCategoryKind>;
  declare externalId: string | null;
  declare name: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    LmsCategory.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        kind: { type: DataTypes.STRING(20), allowNull: false },
        externalId: { type: DataTypes.STRING(40), allowNull: true },
        name: { type: DataTypes.STRING(200), allowNull: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'lms_categories', ...commonOptions },
    );
  }
}
