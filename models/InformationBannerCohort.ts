import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** A cohort a COHORT banner is shown to (the banner's `cohortIds`). */
export class InformationBannerCohort extends Model<InferAttributes<InformationBannerCohort>, InferCreationAttributes<InformationBannerCohort>> {
  declare id: CreationOptional<number>;
  declare informationBannerId: number;
  declare cohortId: number;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    InformationBannerCohort.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        informationBannerId: { type: DataTypes.INTEGER, allowNull: false },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'information_banner_cohorts', underscored: true, timestamps: true, updatedAt: false },
    );
  }
}
