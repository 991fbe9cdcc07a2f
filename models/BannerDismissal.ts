import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** A student dismissed a banner: it stays hidden for them on every device (one row per student and banner). */
export class BannerDismissal extends Model<InferAttributes<BannerDismissal>, InferCreationAttributes<BannerDismissal>> {
  declare id: CreationOptional<number>;
  declare informationBannerId: number;
  declare studentId: number;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    BannerDismissal.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        informationBannerId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'banner_dismissals', underscored: true, timestamps: true, updatedAt: false },
    );
  }
}
