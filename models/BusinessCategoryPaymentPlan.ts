import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { Of, PaymentPlanType, PaymentScheduleType } from './enums';
import { auditAttributes, commonOptions, planTermAttributes } from './base';

/**
 * A payment plan offered for a business category. Money columns are DECIMAL(12,2) (numbers on both
 * databases: MariaDB through `decimalNumbers`), rates DECIMAL(7,4); services compute in cents.
 */
export class BusinessCategoryPaymentPlan extends Model<InferAttributes<BusinessCategoryPaymentPlan>, InferCreationAttributes<BusinessCategoryPaymentPlan>> {
  declare id: CreationOptional<number>;
  declare businessCategoryId: number;
  declare description: string;
  declare paymentPlanType: CreationOptional<Of<typeof PaymentPlanType>>;
  declare paymentScheduleType: Of<typeof PaymentScheduleType>;
  declare installmentAmount: number | null;
  declare depositAmount: number | null;
  declare interestRate: number | null;
  declare annualPercentageRate: number | null;
  declare tuitionPrice: number | null;
  declare totalTerm: CreationOptional<number>;
  declare amortizeTerm: CreationOptional<number>;
  declare principalAmount: number | null;
  declare salesforcePaymentPlanId: string | null;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    BusinessCategoryPaymentPlan.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        businessCategoryId: { type: DataTypes.INTEGER, allowNull: false },
        description: { type: DataTypes.STRING(255), allowNull: false },
        ...planTermAttributes(),
        salesforcePaymentPlanId: { type: DataTypes.STRING(40), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'business_category_payment_plans', ...commonOptions },
    );
  }
}
