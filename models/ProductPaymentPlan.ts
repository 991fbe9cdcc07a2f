import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { BusinessCategoryPaymentPlan } from './BusinessCategoryPaymentPlan';
import type { PaymentPlanAdjustment } from './PaymentPlanAdjustment';

/** A payment plan a product is sold with: a business-category plan template plus its own texts and adjustments. */
export class ProductPaymentPlan extends Model<InferAttributes<ProductPaymentPlan>, InferCreationAttributes<ProductPaymentPlan>> {
  declare id: CreationOptional<number>;
  declare productId: number;
  declare paymentPlanId: number;
  declare shortDescription: string | null;
  declare longDescription: string | null;
  declare salesforcePaymentPlanId: string | null;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare paymentPlan?: NonAttribute<BusinessCategoryPaymentPlan>;
  declare adjustments?: NonAttribute<PaymentPlanAdjustment[]>;

  static initModel(sequelize: Sequelize) {
    ProductPaymentPlan.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        productId: { type: DataTypes.INTEGER, allowNull: false },
        paymentPlanId: { type: DataTypes.INTEGER, allowNull: false },
        shortDescription: { type: DataTypes.STRING(255), allowNull: true },
        longDescription: { type: DataTypes.TEXT, allowNull: true },
        salesforcePaymentPlanId: { type: DataTypes.STRING(40), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'product_payment_plans', ...commonOptions },
    );
  }
}
