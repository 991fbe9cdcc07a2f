import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { Language, Of } from './enums';

/**
 * A template's content in one language (one per language): the subject and the message body
 * (Handlebars over the template's availableParams; HTML for email), the inbox and voice-mail
 * variants, and an optional complete email HTML that replaces the email template's wrapping.
 */
export class CommunicationTemplateContent extends Model<InferAttributes<CommunicationTemplateContent>, InferCreationAttributes<CommunicationTemplateContent>> {
  declare id: CreationOptional<number>;
  declare communicationTemplateId: number;
  declare language: Of<typeof Language>;
  declare subject: string;
  declare messageBodyTemplate: string;
  declare voiceMailTemplate: CreationOptional<string | null>;
  declare inboxTemplate: CreationOptional<string | null>;
  declare emailTemplateHtml: CreationOptional<string | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CommunicationTemplateContent.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        communicationTemplateId: { type: DataTypes.INTEGER, allowNull: false },
        language: { type: DataTypes.STRING(2), allowNull: false },
        subject: { type: DataTypes.STRING(255), allowNull: false },
        messageBodyTemplate: { type: DataTypes.TEXT, allowNull: false },
        voiceMailTemplate: { type: DataTypes.TEXT, allowNull: true },
        inboxTemplate: { type: DataTypes.TEXT, allowNull: true },
        emailTemplateHtml: { type: DataTypes.TEXT, allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'communication_template_contents', ...commonOptions },
    );
  }
}
