import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** Every email the product sends, recorded; without SMTP configured this is the only delivery. */
export class OutboxMessage extends Model<InferAttributes<OutboxMessage>, InferCreationAttributes<OutboxMessage>> {
  declare id: CreationOptional<number>;
  declare toAddress: string;
  declare subject: string;
  declare textBody: string;
  declare htmlBody: string | null;
  declare templateKey: string | null;
  declare status: CreationOptional<'PENDING' | 'SENT' | 'FAILED'>;
  declare error: string | null;
  declare sentAt: Date | null;
  /** The Message-ID header (dispatcher's emails: `<ci-<intentId>@domain>`), written before the mail server is asked. */
  declare messageId: CreationOptional<string | null>;
  /** The sender fields the message was given (a template's From, Reply-To, Bcc); null: MAIL_FROM, none, none. */
  declare fromAddress: CreationOptional<string | null>;
  declare replyTo: CreationOptional<string | null>;
  declare bcc: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    OutboxMessage.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        toAddress: { type: DataTypes.STRING(254), allowNull: false },
        subject: { type: DataTypes.STRING(255), allowNull: false },
        textBody: { type: DataTypes.TEXT, allowNull: false },
        htmlBody: { type: DataTypes.TEXT, allowNull: true },
        templateKey: { type: DataTypes.STRING(60), allowNull: true },
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'PENDING' },
        error: { type: DataTypes.STRING(500), allowNull: true },
        sentAt: { type: DataTypes.DATE(3), allowNull: true },
        messageId: { type: DataTypes.STRING(255), allowNull: true },
        fromAddress: { type: DataTypes.STRING(400), allowNull: true },
        replyTo: { type: DataTypes.STRING(400), allowNull: true },
        bcc: { type: DataTypes.STRING(500), allowNull: true },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'outbox_messages', underscored: true, timestamps: true, updatedAt: false },
    );
  }
}
