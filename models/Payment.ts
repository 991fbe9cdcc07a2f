import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';

/** One payment attempt on a student's plan, by card through the gateway or recorded by staff (check, wire, other): IN_PROGRESS → ACCEPTED | INVALID; DELETED voids a manual entry. The principal, interest and tax parts say what it paid (payment_allocations per entry). Money columns are DECIMAL(12,2); services work in integer cents. */
export class Payment extends Model<InferAttributes<Payment>, InferCreationAttributes<Payment>> {
  declare id: CreationOptional<number>;
  declare studentId: number;
  declare applicationId: number;
  declare studentPaymentPlanId: number;
  declare paymentScheduleId: CreationOptional<number | null>;
  declare type: string;
  declare channel: string;
  declare paymentMethodId: CreationOptional<number | null>;
  declare gateway: CreationOptional<string | null>;
  declare gatewayChargeId: CreationOptional<string | null>;
  declare cardBrand: CreationOptional<string | null>;
  declare cardLast4: CreationOptional<string | null>;
  declare amount: number;
  declare principalAmount: CreationOptional<number>;
  declare interestAmount: CreationOptional<number>;
  declare taxAmount: CreationOptional<number>;
  declare refundedAmount: CreationOptional<number>;
  declare status: CreationOptional<string>;
  declare failureMessage: CreationOptional<string | null>;
  declare idempotencyKey: CreationOptional<string | null>;
  /** SHA-256 of the request that came with the Idempotency-Key (call, path parameters, body): a replay must match it. */
  declare idempotencyHash: CreationOptional<string | null>;
  declare referenceNumber: CreationOptional<string | null>;
  declare comment: CreationOptional<string | null>;
  declare paymentDate: string;
  declare processedAt: CreationOptional<Date | null>;
  declare externalPaymentId: CreationOptional<number | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Payment.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        studentPaymentPlanId: { type: DataTypes.INTEGER, allowNull: false },
        paymentScheduleId: { type: DataTypes.INTEGER, allowNull: true },
        type: { type: DataTypes.STRING(20), allowNull: false },
        channel: { type: DataTypes.STRING(20), allowNull: false },
        paymentMethodId: { type: DataTypes.INTEGER, allowNull: true },
        gateway: { type: DataTypes.STRING(20), allowNull: true },
        gatewayChargeId: { type: DataTypes.STRING(100), allowNull: true },
        cardBrand: { type: DataTypes.STRING(30), allowNull: true },
        cardLast4: { type: DataTypes.STRING(4), allowNull: true },
        amount: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        principalAmount: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        interestAmount: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        taxAmount: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        refundedAmount: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'IN_PROGRESS' },
        failureMessage: { type: DataTypes.STRING(255), allowNull: true },
        idempotencyKey: { type: DataTypes.STRING(160), allowNull: true },
        idempotencyHash: { type: DataTypes.STRING(64), allowNull: true },
        referenceNumber: { type: DataTypes.STRING(100), allowNull: true },
        comment: { type: DataTypes.TEXT, allowNull: true },
        paymentDate: { type: DataTypes.DATEONLY, allowNull: false },
        processedAt: { type: DataTypes.DATE(3), allowNull: true },
        externalPaymentId: { type: DataTypes.INTEGER, allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'payments', ...commonOptions },
    );
  }
}
