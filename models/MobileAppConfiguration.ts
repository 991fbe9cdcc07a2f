import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, jsonText } from './base';

/**
 * The mobile app's settings (domain rules "Information banners and the mobile app"): one row (id 1,
 * made by migration 0017) of typed columns — the minimum supported version per platform, whether the
 * app must force an update below it, a maintenance message, and feature flags (name → on/off).
 */
export class MobileAppConfiguration extends Model<InferAttributes<MobileAppConfiguration>, InferCreationAttributes<MobileAppConfiguration>> {
  declare id: CreationOptional<number>;
  declare minimumVersionIos: string | null;
  declare minimumVersionAndroid: string | null;
  declare forceUpdate: CreationOptional<boolean>;
  declare maintenanceMessage: string | null;
  declare featureFlags: CreationOptional<Record<string, boolean>>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    MobileAppConfiguration.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        minimumVersionIos: { type: DataTypes.STRING(20), allowNull: true },
        minimumVersionAndroid: { type: DataTypes.STRING(20), allowNull: true },
        forceUpdate: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        maintenanceMessage: { type: DataTypes.STRING(1000), allowNull: true },
        featureFlags: jsonText('featureFlags', {}),
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'mobile_app_configurations', underscored: true, timestamps: true },
    );
  }
}
