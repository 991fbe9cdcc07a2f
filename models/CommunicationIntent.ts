import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonText } from './base';
import type { CommunicationChannel, IntentStatus, Language, Of } from './enums';

/**
 * One send (back-office spec: a communication "has intents"): one recipient, one channel, one
 * attempt — of a communication, or of a template the product sends (`templateKey` with `params`).
 * CREATED → SENDING → SENT or FAILED; the dispatcher claims it with a lease (claimedBy,
 * claimedUntil); a failure waits `nextAttemptAt` (backoff) before the next try. A resend is a new
 * intent pointing at the old one (`resendOfId`). `dedupeKey` (unique) makes creation idempotent.
 * An INBOX intent, once SENT, is a message in the student's portal inbox (`readAt`).
 */
export class CommunicationIntent extends Model<InferAttributes<CommunicationIntent>, InferCreationAttributes<CommunicationIntent>> {
  declare id: CreationOptional<number>;
  declare communicationId: CreationOptional<number | null>;
  declare templateKey: CreationOptional<string | null>;
  declare studentId: CreationOptional<number | null>;
  declare toAddress: CreationOptional<string | null>;
  declare language: CreationOptional<Of<typeof Language>>;
  declare channel: Of<typeof CommunicationChannel>;
  declare status: CreationOptional<Of<typeof IntentStatus>>;
  declare params: CreationOptional<Record<string, unknown> | null>;
  declare dedupeKey: CreationOptional<string | null>;
  declare resendOfId: CreationOptional<number | null>;
  declare subject: CreationOptional<string | null>;
  declare attempts: CreationOptional<number>;
  declare nextAttemptAt: Date;
  declare claimedBy: CreationOptional<string | null>;
  declare claimedUntil: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare outboxMessageId: CreationOptional<number | null>;
  declare aboutEntityType: CreationOptional<string | null>;
  declare aboutEntityId: CreationOptional<number | null>;
  declare sentAt: CreationOptional<Date | null>;
  declare readAt: CreationOptional<Date | null>;
  /** The portal inbox's rendered text (INBOX intents, written when sent: migration 0016). */
  declare body: CreationOptional<string | null>;
  /** Who had it sent (the student's timeline entry names them), for product emails. */
  declare actorUserId: CreationOptional<number | null>;
  declare actorName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CommunicationIntent.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        communicationId: { type: DataTypes.INTEGER, allowNull: true },
        templateKey: { type: DataTypes.STRING(80), allowNull: true },
        studentId: { type: DataTypes.INTEGER, allowNull: true },
        toAddress: { type: DataTypes.STRING(255), allowNull: true },
        language: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'EN' },
        channel: { type: DataTypes.STRING(10), allowNull: false },
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'CREATED' },
        params: { ...jsonText('params', null), allowNull: true },
        dedupeKey: { type: DataTypes.STRING(120), allowNull: true },
        resendOfId: { type: DataTypes.INTEGER, allowNull: true },
        subject: { type: DataTypes.STRING(255), allowNull: true },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        nextAttemptAt: { type: DataTypes.DATE(3), allowNull: false },
        claimedBy: { type: DataTypes.STRING(100), allowNull: true },
        claimedUntil: { type: DataTypes.DATE(3), allowNull: true },
        lastError: { type: DataTypes.STRING(1000), allowNull: true },
        outboxMessageId: { type: DataTypes.INTEGER, allowNull: true },
        aboutEntityType: { type: DataTypes.STRING(40), allowNull: true },
        aboutEntityId: { type: DataTypes.INTEGER, allowNull: true },
        sentAt: { type: DataTypes.DATE(3), allowNull: true },
        readAt: { type: DataTypes.DATE(3), allowNull: true },
        body: { type: DataTypes.TEXT, allowNull: true },
        actorUserId: { type: DataTypes.INTEGER, allowNull: true },
        actorName: { type: DataTypes.STRING(200), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'communication_intents', underscored: true, timestamps: true },
    );
  }
}
