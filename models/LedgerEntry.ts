import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** One line of a student's account history (platform spec §3 Account history row): every money movement of a plan with the account and principal balances after it. Money columns are DECIMAL(12,2); services work in integer cents. */
export class LedgerEntry extends Model<InferAttributes<LedgerEntry>, InferCreationAttributes<LedgerEntry>> {
  declare id: CreationOptional<number>;
  declare studentId: number;
  declare applicationId: number;
  declare studentPaymentPlanId: number;
  declare eventDate: Date;
  declare kind: string;
  declare description: string;
  /** What happened, as a key of models/descriptions.ts and its parameters (JSON): each UI writes it in its language; `description` is its English text. */
  declare descriptionKey: CreationOptional<string | null>;
  declare descriptionParams: CreationOptional<string | null>;
  declare program: CreationOptional<string | null>;
  declare principal: CreationOptional<number>;
  declare tax: CreationOptional<number>;
  declare interest: CreationOptional<number>;
  declare total: CreationOptional<number>;
  declare accountBalance: CreationOptional<number>;
  declare principalBalance: CreationOptional<number>;
  declare last4: CreationOptional<string | null>;
  declare referenceNumber: CreationOptional<string | null>;
  declare comment: CreationOptional<string | null>;
  declare paymentId: CreationOptional<number | null>;
  declare refundId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    LedgerEntry.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        studentPaymentPlanId: { type: DataTypes.INTEGER, allowNull: false },
        eventDate: { type: DataTypes.DATE(3), allowNull: false },
        kind: { type: DataTypes.STRING(30), allowNull: false },
        description: { type: DataTypes.STRING(255), allowNull: false },
        descriptionKey: { type: DataTypes.STRING(40), allowNull: true },
        descriptionParams: { type: DataTypes.TEXT, allowNull: true },
        program: { type: DataTypes.STRING(255), allowNull: true },
        principal: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        tax: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        interest: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        total: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        accountBalance: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        principalBalance: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        last4: { type: DataTypes.STRING(4), allowNull: true },
        referenceNumber: { type: DataTypes.STRING(100), allowNull: true },
        comment: { type: DataTypes.TEXT, allowNull: true },
        paymentId: { type: DataTypes.INTEGER, allowNull: true },
        refundId: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'ledger_entries', ...commonOptions, updatedAt: false },
    );
  }
}
