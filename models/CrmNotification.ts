import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions, jsonText } from './base';

/** A message about an application for the CRM (crm 'salesforce'): its payload, delivery status (sync status) and attempts. */
export class CrmNotification extends Model<InferAttributes<CrmNotification>, InferCreationAttributes<CrmNotification>> {
  declare id: CreationOptional<number>;
  declare applicationId: number;
  declare crm: string;
  declare event: string;
  declare payload: CreationOptional<Record<string, unknown>>;
  declare status: CreationOptional<string>;
  declare attempts: CreationOptional<number>;
  declare lastError: string | null;
  declare externalId: string | null;
  declare sentAt: Date | null;
  /** The domain event the row was written for (one row per event). */
  declare domainEventId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CrmNotification.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        crm: { type: DataTypes.STRING(20), allowNull: false },
        event: { type: DataTypes.STRING(40), allowNull: false },
        payload: jsonText('payload', {}),
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'PENDING' },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastError: { type: DataTypes.STRING(500), allowNull: true },
        externalId: { type: DataTypes.STRING(100), allowNull: true },
        sentAt: { type: DataTypes.DATE(3), allowNull: true },
        domainEventId: { type: DataTypes.STRING(36), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'crm_notifications', ...commonOptions },
    );
  }
}
