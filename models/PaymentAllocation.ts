import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** What one accepted payment paid of one schedule entry: principal, interest, tax and their sum. Money columns are DECIMAL(12,2); services work in integer cents. */
export class PaymentAllocation extends Model<InferAttributes<PaymentAllocation>, InferCreationAttributes<PaymentAllocation>> {
  declare id: CreationOptional<number>;
  declare paymentId: number;
  declare paymentScheduleId: number;
  declare principal: CreationOptional<number>;
  declare interest: CreationOptional<number>;
  declare tax: CreationOptional<number>;
  declare amount: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    PaymentAllocation.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        paymentId: { type: DataTypes.INTEGER, allowNull: false },
        paymentScheduleId: { type: DataTypes.INTEGER, allowNull: false },
        principal: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        interest: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        tax: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        amount: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'payment_allocations', ...commonOptions, updatedAt: false },
    );
  }
}
