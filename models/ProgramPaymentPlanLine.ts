import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { commonOptions } from './base';
import type { AccountingLine } from './AccountingLine';

/** An accounting line of the program's business category, with its amount in a program payment plan. */
export class ProgramPaymentPlanLine extends Model<InferAttributes<ProgramPaymentPlanLine>, InferCreationAttributes<ProgramPaymentPlanLine>> {
  declare id: CreationOptional<number>;
  declare programPaymentPlanId: number;
  declare accountingLineId: number;
  declare amount: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare accountingLine?: NonAttribute<AccountingLine>;

  static initModel(sequelize: Sequelize) {
    ProgramPaymentPlanLine.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        programPaymentPlanId: { type: DataTypes.INTEGER, allowNull: false },
        accountingLineId: { type: DataTypes.INTEGER, allowNull: false },
        amount: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'program_payment_plan_lines', ...commonOptions },
    );
  }
}
