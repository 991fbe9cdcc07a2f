import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import type { BannerAudience, BannerLevel, Of } from './enums';
import { auditAttributes } from './base';
import type { InformationBannerCohort } from './InformationBannerCohort';

/**
 * An information banner (back-office spec §3, domain rules "Information banners and the mobile app"):
 * a title and sanitised rich content shown at the top of the portal, while published, to the
 * students of its audience — everyone, one program, some cohorts (`information_banner_cohorts`) or
 * one coaching circle. `type` is the spec's name for the level.
 */
export class InformationBanner extends Model<InferAttributes<InformationBanner>, InferCreationAttributes<InformationBanner>> {
  declare id: CreationOptional<number>;
  declare title: string;
  /** HTML, sanitised to the allow-list when saved (api/banners/banner-content.ts). */
  declare content: string;
  declare type: Of<typeof BannerLevel>;
  declare audience: Of<typeof BannerAudience>;
  declare programId: number | null;
  /** Coaching circles arrive with their own area: the id is kept as given (no foreign key yet). */
  declare coachingCircleId: number | null;
  declare published: CreationOptional<boolean>;
  declare publishedAt: CreationOptional<Date | null>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare cohorts?: NonAttribute<InformationBannerCohort[]>;

  static initModel(sequelize: Sequelize) {
    InformationBanner.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        title: { type: DataTypes.STRING(200), allowNull: false },
        content: { type: DataTypes.TEXT, allowNull: false },
        type: { type: DataTypes.STRING(10), allowNull: false },
        audience: { type: DataTypes.STRING(20), allowNull: false },
        programId: { type: DataTypes.INTEGER, allowNull: true },
        coachingCircleId: { type: DataTypes.INTEGER, allowNull: true },
        published: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        publishedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'information_banners', underscored: true, timestamps: true },
    );
  }
}
