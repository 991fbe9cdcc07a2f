import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { Of, PurchaseStatus } from './enums';
import { auditAttributes, commonOptions } from './base';

/** What a sign-up for a coach's product charged the customer (issue 21; the console's /cmp-transactions): PENDING → PAID | FAILED. Money DECIMAL(12,2), services in cents. */
export class CoachProductPurchase extends Model<InferAttributes<CoachProductPurchase>, InferCreationAttributes<CoachProductPurchase>> {
  declare id: CreationOptional<number>;
  declare signUpId: number;
  declare coachProductId: number;
  declare coachId: number;
  declare studentId: number;
  declare productName: string;
  declare productType: string;
  declare amount: number;
  declare status: CreationOptional<Of<typeof PurchaseStatus>>;
  declare paymentMethodId: number | null;
  declare gateway: string | null;
  declare gatewayChargeId: CreationOptional<string | null>;
  declare cardBrand: string | null;
  declare cardLast4: string | null;
  declare failureMessage: CreationOptional<string | null>;
  declare idempotencyKey: string | null;
  declare idempotencyHash: string | null;
  declare purchasedAt: Date;
  declare processedAt: CreationOptional<Date | null>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CoachProductPurchase.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        signUpId: { type: DataTypes.INTEGER, allowNull: false },
        coachProductId: { type: DataTypes.INTEGER, allowNull: false },
        coachId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        productName: { type: DataTypes.STRING(200), allowNull: false },
        productType: { type: DataTypes.STRING(30), allowNull: false },
        amount: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'PENDING' },
        paymentMethodId: { type: DataTypes.INTEGER, allowNull: true },
        gateway: { type: DataTypes.STRING(20), allowNull: true },
        gatewayChargeId: { type: DataTypes.STRING(100), allowNull: true },
        cardBrand: { type: DataTypes.STRING(30), allowNull: true },
        cardLast4: { type: DataTypes.STRING(4), allowNull: true },
        failureMessage: { type: DataTypes.STRING(255), allowNull: true },
        idempotencyKey: { type: DataTypes.STRING(160), allowNull: true },
        idempotencyHash: { type: DataTypes.STRING(64), allowNull: true },
        purchasedAt: { type: DataTypes.DATE(3), allowNull: false },
        processedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coach_product_purchases', ...commonOptions },
    );
  }
}
