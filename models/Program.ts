import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import type { DurationType, Language, Of } from './enums';
import { auditAttributes, commonOptions } from './base';
import type { BusinessCategory } from './BusinessCategory';
import type { ProgramLanguage } from './ProgramLanguage';

/**
 * A program of study (back-office spec §3). Soft-deleted with `deleted`; `languages` live in
 * program_languages so the languages criterion is an indexed join. Money columns are DECIMAL(12,2).
 */
export class Program extends Model<InferAttributes<Program>, InferCreationAttributes<Program>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare image: string | null;
  declare description: string | null;
  declare preRequisites: string | null;
  declare courseAccessDuration: number | null;
  declare graduationLimitDays: number | null;
  declare cost: number | null;
  declare businessCategoryId: number;
  declare welcomeEmailTemplate: string | null;
  declare language: CreationOptional<Of<typeof Language>>;
  declare enrollmentAgreementUrl: string | null;
  declare enrollmentAgreementPublicationDate: string | null;
  declare enrollmentAgreementLastRevisionDate: string | null;
  declare registrationFee: number | null;
  declare booksAndMaterialsFee: number | null;
  declare accelerated: CreationOptional<boolean>;
  declare durationType: CreationOptional<Of<typeof DurationType>>;
  declare isBundle: CreationOptional<boolean>;
  declare salesforceProductId: string | null;
  declare salesforceProductType: string | null;
  declare lmsConnectionId: number | null;
  declare d2lOrgUnitId: string | null;
  declare accredibleGroupId: string | null;
  declare clockHours: number | null;
  declare weeks: number | null;
  declare showOhioVideo: CreationOptional<boolean>;
  declare reservedSeat: CreationOptional<boolean>;
  declare deleted: CreationOptional<boolean>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare businessCategory?: NonAttribute<BusinessCategory>;
  declare languages?: NonAttribute<ProgramLanguage[]>;

  static initModel(sequelize: Sequelize) {
    const money = () => ({ type: DataTypes.DECIMAL(12, 2), allowNull: true });
    const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
    const str = (n: number) => ({ type: DataTypes.STRING(n), allowNull: true });
    Program.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        name: { type: DataTypes.STRING(200), allowNull: false },
        image: str(500),
        description: { type: DataTypes.TEXT, allowNull: true },
        preRequisites: { type: DataTypes.TEXT, allowNull: true },
        courseAccessDuration: { type: DataTypes.INTEGER, allowNull: true },
        graduationLimitDays: { type: DataTypes.INTEGER, allowNull: true },
        cost: money(),
        businessCategoryId: { type: DataTypes.INTEGER, allowNull: false },
        welcomeEmailTemplate: str(100),
        language: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'EN' },
        enrollmentAgreementUrl: str(500),
        enrollmentAgreementPublicationDate: { type: DataTypes.DATEONLY, allowNull: true },
        enrollmentAgreementLastRevisionDate: { type: DataTypes.DATEONLY, allowNull: true },
        registrationFee: money(),
        booksAndMaterialsFee: money(),
        accelerated: flag(),
        durationType: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'FIXED_DURATION' },
        isBundle: flag(),
        salesforceProductId: str(40),
        salesforceProductType: str(40),
        lmsConnectionId: { type: DataTypes.INTEGER, allowNull: true },
        d2lOrgUnitId: { type: DataTypes.STRING(40), allowNull: true, field: 'd2l_org_unit_id' },
        accredibleGroupId: str(40),
        clockHours: { type: DataTypes.INTEGER, allowNull: true },
        weeks: { type: DataTypes.INTEGER, allowNull: true },
        showOhioVideo: flag(),
        reservedSeat: flag(),
        deleted: flag(),
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'programs', ...commonOptions },
    );
  }
}
