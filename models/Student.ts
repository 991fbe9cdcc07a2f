import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { User } from './User';

/**
 * A learner's record. Every customer account has one; `isStudent` marks those who are students
 * (created by staff or who have applied). Stored flat so that every filter and sort column can be
 * indexed; the API nests it into personalInfo / contactInfo / address. `email` mirrors users.email.
 */
export class Student extends Model<InferAttributes<Student>, InferCreationAttributes<Student>> {
  declare id: CreationOptional<number>;
  declare userId: ForeignKey<User['id']>;
  declare email: string;
  declare isStudent: CreationOptional<boolean>;
  declare active: CreationOptional<boolean>;
  declare firstName: string;
  declare middleName: string | null;
  declare lastName: string;
  declare title: string | null;
  declare suffix: string | null;
  declare gender: string | null;
  declare dateOfBirth: string | null;
  declare educationLevel: string | null;
  declare occupation: string | null;
  declare militaryMember: CreationOptional<boolean>;
  declare mobilePhone: string | null;
  declare homePhone: string | null;
  declare workPhone: string | null;
  declare street1: string | null;
  declare street2: string | null;
  declare city: string | null;
  declare stateCode: string | null;
  declare zip: string | null;
  declare countryCode: string | null;
  declare languageIso2LetterCode: CreationOptional<string>;
  declare autoPay: CreationOptional<boolean>;
  declare timeZone: string | null;
  declare source: string | null;
  declare salesforceLeadId: string | null;
  declare d2lUserId: string | null;
  declare edluminaId: string | null;
  declare photo: string | null;
  declare emailOptIn: CreationOptional<boolean>;
  declare smsOptIn: CreationOptional<boolean>;
  declare mergedIntoId: number | null;
  declare archived: CreationOptional<boolean>;
  declare archivedAt: Date | null;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare user?: NonAttribute<User>;

  static initModel(sequelize: Sequelize) {
    const text = (n: number) => ({ type: DataTypes.STRING(n), allowNull: true });
    Student.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        email: { type: DataTypes.STRING(254), allowNull: false },
        isStudent: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        firstName: { type: DataTypes.STRING(100), allowNull: false },
        middleName: text(100),
        lastName: { type: DataTypes.STRING(100), allowNull: false },
        title: text(20),
        suffix: text(20),
        gender: text(20),
        dateOfBirth: { type: DataTypes.DATEONLY, allowNull: true },
        educationLevel: text(30),
        occupation: text(100),
        militaryMember: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        mobilePhone: text(40),
        homePhone: text(40),
        workPhone: text(40),
        street1: text(200),
        street2: text(200),
        city: text(100),
        stateCode: text(10),
        zip: text(20),
        countryCode: text(2),
        languageIso2LetterCode: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'EN' },
        autoPay: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        timeZone: text(60),
        source: text(30),
        salesforceLeadId: text(40),
        d2lUserId: text(40),
        edluminaId: text(40),
        photo: text(500),
        emailOptIn: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        smsOptIn: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        mergedIntoId: { type: DataTypes.INTEGER, allowNull: true },
        archived: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        archivedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'students', ...commonOptions },
    );
  }
}
