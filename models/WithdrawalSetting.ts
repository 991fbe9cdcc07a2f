import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';

/** A withdrawal kind's settings (domain/rules/withdrawals.ts WithdrawalSettings), seeded with the domain rules' defaults. */
export class WithdrawalSetting extends Model<InferAttributes<WithdrawalSetting>, InferCreationAttributes<WithdrawalSetting>> {
  declare kind: string;
  declare cancellationDays: number;
  declare roundUpToPercent: number;
  declare fullResponsibilityAtPercent: number;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    WithdrawalSetting.init(
      {
        kind: { type: DataTypes.STRING(20), primaryKey: true },
        cancellationDays: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 5 },
        roundUpToPercent: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 10 },
        fullResponsibilityAtPercent: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 60 },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'withdrawal_settings', ...commonOptions },
    );
  }
}
