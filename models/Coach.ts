import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions, jsonText } from './base';
import type { Student } from './Student';
import type { User } from './User';

/**
 * A coach: a distinct account kind that also embeds a student record (back-office spec §3). The
 * coach's own fields live here (migration 0024); names, email, phones, address and `active` are the
 * student record's. `rateOfPay` is DECIMAL(12,2); `languages` (EN/ES) and `specializations` are JSON arrays.
 */
export class Coach extends Model<InferAttributes<Coach>, InferCreationAttributes<Coach>> {
  declare id: CreationOptional<number>;
  declare userId: ForeignKey<User['id']>;
  declare studentId: ForeignKey<Student['id']>;
  declare intro: string | null;
  declare coachWebConferenceUrl: string | null;
  declare rateOfPay: CreationOptional<number | string | null>;
  declare specializations: CreationOptional<string[]>;
  declare languages: CreationOptional<string[]>;
  declare hctpGraduatingClass: CreationOptional<string | null>;
  declare video: CreationOptional<string | null>;
  declare source: CreationOptional<string | null>;
  declare showPhone: CreationOptional<boolean>;
  declare linkedIn: CreationOptional<string | null>;
  declare facebook: CreationOptional<string | null>;
  declare instagram: CreationOptional<string | null>;
  declare youtube: CreationOptional<string | null>;
  declare photo: CreationOptional<string | null>;
  declare facebookGroupUrl: CreationOptional<string | null>;
  declare testCall: CreationOptional<boolean>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare student?: NonAttribute<Student>;

  static initModel(sequelize: Sequelize) {
    const text = (n: number) => ({ type: DataTypes.STRING(n), allowNull: true });
    Coach.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        intro: { type: DataTypes.TEXT, allowNull: true },
        coachWebConferenceUrl: { type: DataTypes.STRING(500), allowNull: true },
        rateOfPay: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
        specializations: jsonText('specializations', []),
        languages: jsonText('languages', ['EN']),
        hctpGraduatingClass: text(100),
        video: text(500),
        source: text(30),
        showPhone: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        linkedIn: text(500),
        facebook: text(500),
        instagram: text(500),
        youtube: text(500),
        photo: text(500),
        facebookGroupUrl: text(500),
        testCall: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coaches', ...commonOptions },
    );
  }
}
