import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import type { CertificateProviderName, CertificateStatus, Of } from './enums';
import { auditAttributes, commonOptions } from './base';
import type { Cohort } from './Cohort';
import type { Program } from './Program';
import type { Student } from './Student';

/**
 * The certificate a graduation issues (issue 21): one per enrollment, PENDING in the graduation's
 * transaction, ISSUED once the provider made it (a stored PDF's key for the local provider; the
 * credential's id, address and badge image for Accredible), FAILED with the last error after the
 * event's attempts (staff send the delivery again from the domain events).
 */
export class Certificate extends Model<InferAttributes<Certificate>, InferCreationAttributes<Certificate>> {
  declare id: CreationOptional<number>;
  declare enrollmentId: number;
  declare studentId: number;
  declare programId: number;
  declare cohortId: number;
  declare name: string;
  declare status: CreationOptional<Of<typeof CertificateStatus>>;
  declare provider: CreationOptional<Of<typeof CertificateProviderName> | null>;
  declare externalId: CreationOptional<string | null>;
  declare url: CreationOptional<string | null>;
  declare badgeUrl: CreationOptional<string | null>;
  declare storageKey: CreationOptional<string | null>;
  declare issuedAt: CreationOptional<Date | null>;
  declare attempts: CreationOptional<number>;
  declare lastError: CreationOptional<string | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare student?: NonAttribute<Student>;
  declare program?: NonAttribute<Program>;
  declare cohort?: NonAttribute<Cohort>;

  static initModel(sequelize: Sequelize) {
    Certificate.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        enrollmentId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        name: { type: DataTypes.STRING(200), allowNull: false },
        status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'PENDING' },
        provider: { type: DataTypes.STRING(20), allowNull: true },
        externalId: { type: DataTypes.STRING(100), allowNull: true },
        url: { type: DataTypes.STRING(1000), allowNull: true },
        badgeUrl: { type: DataTypes.STRING(1000), allowNull: true },
        storageKey: { type: DataTypes.STRING(500), allowNull: true },
        issuedAt: { type: DataTypes.DATE(3), allowNull: true },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastError: { type: DataTypes.STRING(1000), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'certificates', ...commonOptions },
    );
  }
}
