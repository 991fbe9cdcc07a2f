import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** One movement of a refund: EXTERNAL (paid back outside the gateway) or ONLINE (a gateway refund against one original payment). Money columns are DECIMAL(12,2); services work in integer cents. */
export class RefundTransaction extends Model<InferAttributes<RefundTransaction>, InferCreationAttributes<RefundTransaction>> {
  declare id: CreationOptional<number>;
  declare refundId: number;
  declare paymentId: CreationOptional<number | null>;
  declare kind: string;
  declare amount: number;
  declare tax: CreationOptional<number>;
  declare status: CreationOptional<string>;
  declare gateway: CreationOptional<string | null>;
  declare gatewayRefundId: CreationOptional<string | null>;
  declare referenceNumber: CreationOptional<string | null>;
  declare failureMessage: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    RefundTransaction.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        refundId: { type: DataTypes.INTEGER, allowNull: false },
        paymentId: { type: DataTypes.INTEGER, allowNull: true },
        kind: { type: DataTypes.STRING(20), allowNull: false },
        amount: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        tax: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'SUCCEEDED' },
        gateway: { type: DataTypes.STRING(20), allowNull: true },
        gatewayRefundId: { type: DataTypes.STRING(100), allowNull: true },
        referenceNumber: { type: DataTypes.STRING(100), allowNull: true },
        failureMessage: { type: DataTypes.STRING(255), allowNull: true },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'refund_transactions', ...commonOptions, updatedAt: false },
    );
  }
}
