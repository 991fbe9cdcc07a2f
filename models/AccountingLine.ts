import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { AdjustmentCategory, AdjustmentType, Of } from './enums';
import { auditAttributes, commonOptions } from './base';

/** An accounting line of a business category: a CHARGE or CREDIT of an adjustment category. */
export class AccountingLine extends Model<InferAttributes<AccountingLine>, InferCreationAttributes<AccountingLine>> {
  declare id: CreationOptional<number>;
  declare businessCategoryId: number;
  declare description: string;
  declare type: Of<typeof AdjustmentType>;
  declare category: Of<typeof AdjustmentCategory>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    AccountingLine.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        businessCategoryId: { type: DataTypes.INTEGER, allowNull: false },
        description: { type: DataTypes.STRING(255), allowNull: false },
        type: { type: DataTypes.STRING(10), allowNull: false },
        category: { type: DataTypes.STRING(20), allowNull: false },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'accounting_lines', ...commonOptions },
    );
  }
}
