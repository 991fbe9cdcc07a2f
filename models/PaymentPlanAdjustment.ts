import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { AdjustmentCategory, AdjustmentType, Of } from './enums';
import { auditAttributes, commonOptions } from './base';

/** A CHARGE or CREDIT applied to a product payment plan (scholarship, fee, promo...). */
export class PaymentPlanAdjustment extends Model<InferAttributes<PaymentPlanAdjustment>, InferCreationAttributes<PaymentPlanAdjustment>> {
  declare id: CreationOptional<number>;
  declare productPaymentPlanId: number;
  declare description: string;
  declare type: Of<typeof AdjustmentType>;
  declare category: Of<typeof AdjustmentCategory>;
  declare amount: number;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    PaymentPlanAdjustment.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        productPaymentPlanId: { type: DataTypes.INTEGER, allowNull: false },
        description: { type: DataTypes.STRING(255), allowNull: false },
        type: { type: DataTypes.STRING(10), allowNull: false },
        category: { type: DataTypes.STRING(20), allowNull: false },
        amount: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'payment_plan_adjustments', ...commonOptions },
    );
  }
}
