import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** A student's card, held by the payment gateway: only the gateway's ids, brand, last four digits and expiry are stored. */
export class PaymentMethod extends Model<InferAttributes<PaymentMethod>, InferCreationAttributes<PaymentMethod>> {
  declare id: CreationOptional<number>;
  declare studentId: number;
  declare gateway: string;
  declare gatewayCustomerId: string | null;
  declare gatewayMethodId: string;
  declare fingerprint: string | null;
  declare brand: string | null;
  declare last4: string | null;
  declare expMonth: number | null;
  declare expYear: number | null;
  declare isDefault: CreationOptional<boolean>;
  declare deleted: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
    PaymentMethod.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        gateway: str(20, false),
        gatewayCustomerId: str(100),
        gatewayMethodId: str(100, false),
        fingerprint: str(100),
        brand: str(30),
        last4: str(4),
        expMonth: { type: DataTypes.INTEGER, allowNull: true },
        expYear: { type: DataTypes.INTEGER, allowNull: true },
        isDefault: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        deleted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'payment_methods', ...commonOptions },
    );
  }
}
