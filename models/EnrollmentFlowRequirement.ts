import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { EnrollmentFlowStep, Of } from './enums';
import { commonOptions } from './base';

/** One step of a program's enrollment flow and whether an application must pass it. */
export class EnrollmentFlowRequirement extends Model<InferAttributes<EnrollmentFlowRequirement>, InferCreationAttributes<EnrollmentFlowRequirement>> {
  declare id: CreationOptional<number>;
  declare programId: number;
  declare step: Of<typeof EnrollmentFlowStep>;
  declare required: CreationOptional<boolean>;
  declare displayOrder: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    EnrollmentFlowRequirement.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        step: { type: DataTypes.STRING(40), allowNull: false },
        required: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        displayOrder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'enrollment_flow_requirements', ...commonOptions },
    );
  }
}
