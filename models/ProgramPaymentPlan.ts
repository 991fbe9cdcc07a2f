import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import type { Of, PaymentPlanType, PaymentScheduleType } from './enums';
import { auditAttributes, commonOptions, planTermAttributes } from './base';
import type { ProgramPaymentPlanLine } from './ProgramPaymentPlanLine';

/** A payment plan of a program: its terms, its accounting lines (with amounts) and a default flag. */
export class ProgramPaymentPlan extends Model<InferAttributes<ProgramPaymentPlan>, InferCreationAttributes<ProgramPaymentPlan>> {
  declare id: CreationOptional<number>;
  declare programId: number;
  declare name: string;
  declare isDefault: CreationOptional<boolean>;
  declare shortDescription: string | null;
  declare longDescription: string | null;
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

  declare lines?: NonAttribute<ProgramPaymentPlanLine[]>;

  static initModel(sequelize: Sequelize) {
    ProgramPaymentPlan.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        name: { type: DataTypes.STRING(200), allowNull: false },
        isDefault: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        shortDescription: { type: DataTypes.STRING(255), allowNull: true },
        longDescription: { type: DataTypes.TEXT, allowNull: true },
        ...planTermAttributes(),
        salesforcePaymentPlanId: { type: DataTypes.STRING(40), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'program_payment_plans', ...commonOptions },
    );
  }
}
