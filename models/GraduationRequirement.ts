import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { GraduationRequirementType, Of } from './enums';
import { auditAttributes, commonOptions, jsonText } from './base';

/** What a student must achieve in a program to graduate; display order is unique per program. */
export class GraduationRequirement extends Model<InferAttributes<GraduationRequirement>, InferCreationAttributes<GraduationRequirement>> {
  declare id: CreationOptional<number>;
  declare programId: number;
  declare name: string;
  declare total: number | null;
  declare type: Of<typeof GraduationRequirementType>;
  declare requirement: string | null;
  declare minRequiredToComplete: number | null;
  declare minRequiredToPass: number | null;
  declare minScore: number | null;
  declare displayOrder: number;
  declare quizCategoryId: number | null;
  declare assignmentCategoryId: number | null;
  declare quizIds: CreationOptional<string[]>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    const int = () => ({ type: DataTypes.INTEGER, allowNull: true });
    GraduationRequirement.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        name: { type: DataTypes.STRING(200), allowNull: false },
        total: int(),
        type: { type: DataTypes.STRING(30), allowNull: false },
        requirement: { type: DataTypes.STRING(255), allowNull: true },
        minRequiredToComplete: int(),
        minRequiredToPass: int(),
        minScore: { type: DataTypes.DECIMAL(5, 2), allowNull: true },
        displayOrder: { type: DataTypes.INTEGER, allowNull: false },
        quizCategoryId: int(),
        assignmentCategoryId: int(),
        quizIds: jsonText('quizIds', []),
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'graduation_requirements', ...commonOptions },
    );
  }
}
