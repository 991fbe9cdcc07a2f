import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { EnrollmentFlowStep, Of } from './enums';

/** An enrollment-flow step an application has completed (POST /applications/{id}/progress), with when and by whom. */
export class ApplicationStep extends Model<InferAttributes<ApplicationStep>, InferCreationAttributes<ApplicationStep>> {
  declare id: CreationOptional<number>;
  declare applicationId: number;
  declare step: Of<typeof EnrollmentFlowStep>;
  declare completedAt: Date;
  declare completedById: number | null;
  declare completedByName: string | null;

  static initModel(sequelize: Sequelize) {
    ApplicationStep.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        step: { type: DataTypes.STRING(40), allowNull: false },
        completedAt: { type: DataTypes.DATE(3), allowNull: false },
        completedById: { type: DataTypes.INTEGER, allowNull: true },
        completedByName: { type: DataTypes.STRING(200), allowNull: true },
      },
      { sequelize, tableName: 'application_steps', underscored: true, timestamps: false },
    );
  }
}
