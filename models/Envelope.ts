import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';

/**
 * An agreement envelope: the rendered enrollment agreement of an application (SENT), then signed with
 * a typed name, time, IP and the SHA-256 of the signed text (SIGNED), or VOIDED when recreated.
 */
export class Envelope extends Model<InferAttributes<Envelope>, InferCreationAttributes<Envelope>> {
  declare id: CreationOptional<number>;
  declare applicationId: number;
  declare studentId: number;
  declare status: CreationOptional<'SENT' | 'SIGNED' | 'VOIDED'>;
  declare title: string;
  declare content: string;
  declare contentSha256: string;
  declare signedName: string | null;
  declare signedAt: Date | null;
  declare signedIp: string | null;
  declare signedSha256: string | null;
  declare voidedAt: Date | null;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Envelope.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'SENT' },
        title: { type: DataTypes.STRING(255), allowNull: false },
        content: { type: DataTypes.TEXT, allowNull: false },
        contentSha256: { type: DataTypes.STRING(64), allowNull: false },
        signedName: { type: DataTypes.STRING(200), allowNull: true },
        signedAt: { type: DataTypes.DATE(3), allowNull: true },
        signedIp: { type: DataTypes.STRING(64), allowNull: true },
        signedSha256: { type: DataTypes.STRING(64), allowNull: true },
        voidedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'envelopes', ...commonOptions },
    );
  }
}
