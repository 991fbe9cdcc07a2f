import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { commonOptions } from './base';
import type { Cohort } from './Cohort';

/** The class (cohort) an application chose for one program of its product: one per program, so a bundle has several. */
export class ApplicationCohort extends Model<InferAttributes<ApplicationCohort>, InferCreationAttributes<ApplicationCohort>> {
  declare id: CreationOptional<number>;
  declare applicationId: number;
  declare programId: number;
  declare cohortId: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare cohort?: NonAttribute<Cohort>;

  static initModel(sequelize: Sequelize) {
    ApplicationCohort.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'application_cohorts', ...commonOptions },
    );
  }
}
