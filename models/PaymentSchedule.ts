import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** One due entry of a student's plan (deposit or installment): principal, interest, amount, balance after it, and what was paid. */
export class PaymentSchedule extends Model<InferAttributes<PaymentSchedule>, InferCreationAttributes<PaymentSchedule>> {
  declare id: CreationOptional<number>;
  declare studentPaymentPlanId: number;
  declare number: number;
  declare kind: string;
  declare dueDate: string;
  declare principal: number;
  declare interest: number;
  declare amount: number;
  declare balance: number;
  declare taxAmount: CreationOptional<number>;
  declare paidAmount: CreationOptional<number>;
  declare status: CreationOptional<string>;
  /** The card this entry is charged to (auto-pay); a card assigned to a PENDING entry cannot be deleted. */
  declare paymentMethodId: CreationOptional<number | null>;
  declare paidAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    const money = () => ({ type: DataTypes.DECIMAL(12, 2), allowNull: false });
    const zero = () => ({ type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 });
    PaymentSchedule.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentPaymentPlanId: { type: DataTypes.INTEGER, allowNull: false },
        number: { type: DataTypes.INTEGER, allowNull: false },
        kind: { type: DataTypes.STRING(20), allowNull: false },
        dueDate: { type: DataTypes.DATEONLY, allowNull: false },
        principal: money(),
        interest: money(),
        amount: money(),
        balance: money(),
        taxAmount: zero(),
        paidAmount: zero(),
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'PENDING' },
        paymentMethodId: { type: DataTypes.INTEGER, allowNull: true },
        paidAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'payment_schedules', ...commonOptions },
    );
  }
}
