import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions, jsonText } from './base';
import type { CommunicationCategory, CommunicationKind, CommunicationStatus, Of, RecipientType, ScheduleType } from './enums';

/**
 * A communication staff write (back-office spec §3 "Communication"): to BROADCAST (active students),
 * SPECIFIC recipients (student ids) or a FILTER (student criteria, kept as `searchFilter`); sent NOW or
 * at a FUTURE date and time (`scheduledAt` is that instant, America/New_York); its message is its own
 * subject and bodies or a communication template with params. Its intents are the sends.
 */
export class Communication extends Model<InferAttributes<Communication>, InferCreationAttributes<Communication>> {
  declare id: CreationOptional<number>;
  declare type: CreationOptional<Of<typeof CommunicationKind>>;
  declare category: CreationOptional<Of<typeof CommunicationCategory>>;
  declare recipientType: CreationOptional<Of<typeof RecipientType>>;
  declare searchFilter: CreationOptional<Record<string, unknown> | null>;
  declare recipients: CreationOptional<number[] | null>;
  declare scheduleType: CreationOptional<Of<typeof ScheduleType>>;
  declare scheduleDate: CreationOptional<string | null>;
  declare scheduleTime: CreationOptional<string | null>;
  declare scheduledAt: Date;
  declare subject: string;
  declare header: CreationOptional<string | null>;
  declare longMessageBody: CreationOptional<string | null>;
  declare shortMessageBody: CreationOptional<string | null>;
  declare communicationTemplateId: CreationOptional<number | null>;
  declare emailTemplateId: CreationOptional<number | null>;
  declare params: CreationOptional<Record<string, unknown> | null>;
  declare status: CreationOptional<Of<typeof CommunicationStatus>>;
  declare recipientCount: CreationOptional<number>;
  declare sentAt: CreationOptional<Date | null>;
  declare createdById: CreationOptional<number | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Communication.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        type: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'MESSAGE' },
        category: { type: DataTypes.STRING(40), allowNull: false, defaultValue: 'MANUAL_NOTIFICATION' },
        recipientType: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'BROADCAST' },
        searchFilter: { ...jsonText('searchFilter', null), allowNull: true },
        recipients: { ...jsonText('recipients', null), allowNull: true },
        scheduleType: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'NOW' },
        scheduleDate: { type: DataTypes.DATEONLY, allowNull: true },
        scheduleTime: { type: DataTypes.STRING(8), allowNull: true },
        scheduledAt: { type: DataTypes.DATE(3), allowNull: false },
        subject: { type: DataTypes.STRING(255), allowNull: false },
        header: { type: DataTypes.STRING(255), allowNull: true },
        longMessageBody: { type: DataTypes.TEXT, allowNull: true },
        shortMessageBody: { type: DataTypes.TEXT, allowNull: true },
        communicationTemplateId: { type: DataTypes.INTEGER, allowNull: true },
        emailTemplateId: { type: DataTypes.INTEGER, allowNull: true },
        params: { ...jsonText('params', null), allowNull: true },
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'CREATED' },
        recipientCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        sentAt: { type: DataTypes.DATE(3), allowNull: true },
        createdById: { type: DataTypes.INTEGER, allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'communications', ...commonOptions },
    );
  }
}
