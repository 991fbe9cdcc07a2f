import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions, jsonText } from './base';
import type { CommunicationTemplateContent } from './CommunicationTemplateContent';
import type { CommunicationCategory, CommunicationKind, Of } from './enums';

/**
 * A communication template (back-office spec §3): a key the product sends it by, sender details, a
 * type and category, the params its contents may use (`availableParams`), the email template that
 * wraps it, and one content per language (at least English). `system` marks the product's own emails.
 */
export class CommunicationTemplate extends Model<InferAttributes<CommunicationTemplate>, InferCreationAttributes<CommunicationTemplate>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare key: string;
  declare sender: CreationOptional<string | null>;
  declare fromName: CreationOptional<string | null>;
  declare replyTo: CreationOptional<string | null>;
  declare replyToName: CreationOptional<string | null>;
  declare bcc: CreationOptional<string | null>;
  declare description: CreationOptional<string | null>;
  declare type: CreationOptional<Of<typeof CommunicationKind>>;
  declare category: Of<typeof CommunicationCategory>;
  declare availableParams: string[];
  declare emailTemplateId: CreationOptional<number | null>;
  declare system: CreationOptional<boolean>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare contents?: NonAttribute<CommunicationTemplateContent[]>;

  static initModel(sequelize: Sequelize) {
    CommunicationTemplate.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        name: { type: DataTypes.STRING(120), allowNull: false },
        key: { type: DataTypes.STRING(80), allowNull: false },
        sender: { type: DataTypes.STRING(255), allowNull: true },
        fromName: { type: DataTypes.STRING(120), allowNull: true },
        replyTo: { type: DataTypes.STRING(255), allowNull: true },
        replyToName: { type: DataTypes.STRING(120), allowNull: true },
        bcc: { type: DataTypes.STRING(500), allowNull: true },
        description: { type: DataTypes.STRING(500), allowNull: true },
        type: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'MESSAGE' },
        category: { type: DataTypes.STRING(40), allowNull: false },
        availableParams: jsonText('availableParams', []),
        emailTemplateId: { type: DataTypes.INTEGER, allowNull: true },
        system: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'communication_templates', ...commonOptions },
    );
  }
}
