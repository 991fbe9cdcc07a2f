import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';

/**
 * An application voucher (back-office spec §3): a voucher applied to an application after payments,
 * which owes the student a refund (amount, tax, total to be refunded and refunded). REQUESTED while
 * pending; a pending one blocks a new one on the same application.
 */
export class ApplicationVoucher extends Model<InferAttributes<ApplicationVoucher>, InferCreationAttributes<ApplicationVoucher>> {
  declare id: CreationOptional<number>;
  declare applicationId: number;
  declare voucherId: number;
  declare comments: string | null;
  declare amountToBeRefunded: CreationOptional<number>;
  declare taxToBeRefunded: CreationOptional<number>;
  declare totalToBeRefunded: CreationOptional<number>;
  declare amountRefunded: CreationOptional<number>;
  declare taxRefunded: CreationOptional<number>;
  declare totalRefunded: CreationOptional<number>;
  declare status: CreationOptional<string>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    const zero = () => ({ type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 });
    ApplicationVoucher.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        voucherId: { type: DataTypes.INTEGER, allowNull: false },
        comments: { type: DataTypes.TEXT, allowNull: true },
        amountToBeRefunded: zero(),
        taxToBeRefunded: zero(),
        totalToBeRefunded: zero(),
        amountRefunded: zero(),
        taxRefunded: zero(),
        totalRefunded: zero(),
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'REQUESTED' },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'application_vouchers', ...commonOptions },
    );
  }
}
