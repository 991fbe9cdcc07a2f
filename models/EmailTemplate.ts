import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { EmailTemplateCategory, Of } from './enums';

/** An email template (platform spec "Email templates"): the header and footer that wrap a rendered message; archived by `deleted`. */
export class EmailTemplate extends Model<InferAttributes<EmailTemplate>, InferCreationAttributes<EmailTemplate>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare category: CreationOptional<Of<typeof EmailTemplateCategory>>;
  declare header: string | null;
  declare footer: string | null;
  declare deleted: CreationOptional<boolean>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    EmailTemplate.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        name: { type: DataTypes.STRING(120), allowNull: false },
        category: { type: DataTypes.STRING(40), allowNull: false, defaultValue: 'INSTITUTE' },
        header: { type: DataTypes.TEXT, allowNull: true },
        footer: { type: DataTypes.TEXT, allowNull: true },
        deleted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'email_templates', ...commonOptions },
    );
  }
}
