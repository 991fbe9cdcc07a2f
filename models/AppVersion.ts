import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { MobilePlatform, Of } from './enums';
import { auditAttributes } from './base';

/**
 * A released (or announced) version of the mobile app: platform, version, release date, notes and
 * whether installing it is mandatory. `versionKey` is the version with each number zero-padded
 * (`2.10.0` → `00002.00010.00000.00000`) so versions sort as versions, not as text.
 */
export class AppVersion extends Model<InferAttributes<AppVersion>, InferCreationAttributes<AppVersion>> {
  declare id: CreationOptional<number>;
  declare platform: Of<typeof MobilePlatform>;
  declare version: string;
  declare versionKey: string;
  declare releaseDate: string;
  declare notes: string | null;
  declare mandatory: CreationOptional<boolean>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    AppVersion.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        platform: { type: DataTypes.STRING(10), allowNull: false },
        version: { type: DataTypes.STRING(20), allowNull: false },
        versionKey: { type: DataTypes.STRING(24), allowNull: false },
        releaseDate: { type: DataTypes.DATEONLY, allowNull: false },
        notes: { type: DataTypes.TEXT, allowNull: true },
        mandatory: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'app_versions', underscored: true, timestamps: true },
    );
  }
}
