import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { LmsConnectionStatus, LmsVendor, Of } from './enums';
import { auditAttributes, commonOptions, jsonText } from './base';

/**
 * A learning-system connection (issue 21): the vendor's plain properties in `settings`; `secrets`
 * (client secret, password, API token) and `tokens` (access and refresh token) are AES-256-GCM
 * ciphertext (api/integrations/lms/secrets.ts) and never leave the API in clear. `syncRunId` and
 * `syncLeaseUntil` hold the one sync that may run at a time.
 */
export class LmsConnection extends Model<InferAttributes<LmsConnection>, InferCreationAttributes<LmsConnection>> {
  declare id: CreationOptional<number>;
  declare vendor: Of<typeof LmsVendor>;
  declare name: string;
  declare status: CreationOptional<Of<typeof LmsConnectionStatus>>;
  declare settings: CreationOptional<Record<string, string | null>>;
  declare secrets: string | null;
  declare tokens: CreationOptional<string | null>;
  declare tokenExpiresAt: CreationOptional<Date | null>;
  declare statusMessage: CreationOptional<string | null>;
  declare checkedAt: CreationOptional<Date | null>;
  declare syncRunId: CreationOptional<number | null>;
  declare syncLeaseUntil: CreationOptional<Date | null>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    LmsConnection.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        vendor: { type: DataTypes.STRING(20), allowNull: false },
        name: { type: DataTypes.STRING(200), allowNull: false },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'DISCONNECTED' },
        settings: jsonText('settings', {}),
        secrets: { type: DataTypes.TEXT, allowNull: true },
        tokens: { type: DataTypes.TEXT, allowNull: true },
        tokenExpiresAt: { type: DataTypes.DATE(3), allowNull: true },
        statusMessage: { type: DataTypes.STRING(500), allowNull: true },
        checkedAt: { type: DataTypes.DATE(3), allowNull: true },
        syncRunId: { type: DataTypes.INTEGER, allowNull: true },
        syncLeaseUntil: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'lms_connections', ...commonOptions },
    );
  }
}
