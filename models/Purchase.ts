import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { Of, PurchaseStatus } from './enums';
import { auditAttributes, commonOptions } from './base';

/**
 * An extra product bought for one of a student's enrollments (issue 21; domain rules "Purchases"): the
 * product's name, type and price as they were, the quantity, the tax at the student's state rate and
 * the total, charged at once by card: PENDING while the gateway is asked, then PAID or FAILED;
 * REFUNDED once the refund queue gave it all back. Money columns are DECIMAL(12,2); services work in
 * integer cents.
 */
export class Purchase extends Model<InferAttributes<Purchase>, InferCreationAttributes<Purchase>> {
  declare id: CreationOptional<number>;
  declare studentId: number;
  declare enrollmentId: number;
  declare applicationId: number;
  declare programId: number;
  declare extraProductId: number;
  declare productName: string;
  declare productType: string;
  declare quantity: number;
  declare unitPrice: number;
  declare amount: number;
  declare taxState: string | null;
  declare taxRate: number;
  declare taxAmount: number;
  declare total: number;
  declare refundedAmount: CreationOptional<number>;
  declare status: CreationOptional<Of<typeof PurchaseStatus>>;
  declare paymentMethodId: number | null;
  declare gateway: string | null;
  declare gatewayChargeId: CreationOptional<string | null>;
  declare cardBrand: string | null;
  declare cardLast4: string | null;
  declare failureMessage: CreationOptional<string | null>;
  /** The refund queue item that gives it back (the latest one asked). */
  declare refundId: CreationOptional<number | null>;
  /** `student:{id}:{Idempotency-Key}` and the hash of the request it came with. */
  declare idempotencyKey: string | null;
  declare idempotencyHash: string | null;
  declare purchasedAt: Date;
  declare processedAt: CreationOptional<Date | null>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    const money = (defaultValue?: number) => ({ type: DataTypes.DECIMAL(12, 2), allowNull: false, ...(defaultValue === undefined ? {} : { defaultValue }) });
    Purchase.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        enrollmentId: { type: DataTypes.INTEGER, allowNull: false },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        extraProductId: { type: DataTypes.INTEGER, allowNull: false },
        productName: { type: DataTypes.STRING(200), allowNull: false },
        productType: { type: DataTypes.STRING(30), allowNull: false },
        quantity: { type: DataTypes.INTEGER, allowNull: false },
        unitPrice: money(),
        amount: money(),
        taxState: { type: DataTypes.STRING(2), allowNull: true },
        taxRate: { type: DataTypes.DECIMAL(7, 4), allowNull: false, defaultValue: 0 },
        taxAmount: money(0),
        total: money(),
        refundedAmount: money(0),
        status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'PENDING' },
        paymentMethodId: { type: DataTypes.INTEGER, allowNull: true },
        gateway: { type: DataTypes.STRING(20), allowNull: true },
        gatewayChargeId: { type: DataTypes.STRING(100), allowNull: true },
        cardBrand: { type: DataTypes.STRING(30), allowNull: true },
        cardLast4: { type: DataTypes.STRING(4), allowNull: true },
        failureMessage: { type: DataTypes.STRING(255), allowNull: true },
        refundId: { type: DataTypes.INTEGER, allowNull: true },
        idempotencyKey: { type: DataTypes.STRING(160), allowNull: true },
        idempotencyHash: { type: DataTypes.STRING(64), allowNull: true },
        purchasedAt: { type: DataTypes.DATE(3), allowNull: false },
        processedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'purchases', ...commonOptions },
    );
  }
}
