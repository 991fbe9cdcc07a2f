import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions, jsonText } from './base';
import type { PaymentSchedule } from './PaymentSchedule';

/** An accounting line of a student's plan: what part of the tuition it books (description, type, category, amount). */
export interface AccountingLineItem {
  description: string;
  type: string;
  category: string | null;
  amount: number;
}

/**
 * A student's payment plan (back-office spec §3 Student payment plan), issued when the application
 * becomes ENROLLED from the chosen product plan by the schedule engine (api/payment-plans/schedule.ts).
 * Money columns are DECIMAL(12,2); services work in cents. Totals start from the schedule; the ledger
 * (api/billing/ledger.ts) moves what is paid, refunded and owed, the recompute the financial status.
 */
export class StudentPaymentPlan extends Model<InferAttributes<StudentPaymentPlan>, InferCreationAttributes<StudentPaymentPlan>> {
  declare id: CreationOptional<number>;
  declare applicationId: number;
  declare studentId: number;
  declare productPaymentPlanId: number | null;
  declare voucherId: number | null;
  declare name: string;
  declare description: string | null;
  declare paymentPlanType: string;
  declare paymentScheduleType: string;
  declare frequency: string;
  declare frequencyUnit: string;
  declare depositAmount: CreationOptional<number>;
  declare totalTerm: CreationOptional<number>;
  declare amortizeTerm: CreationOptional<number>;
  declare principalAmount: CreationOptional<number>;
  declare installmentAmount: CreationOptional<number>;
  declare interestRate: number | null;
  declare tuitionPrice: CreationOptional<number>;
  declare additionalFees: CreationOptional<number>;
  declare voucherDiscount: CreationOptional<number>;
  declare totalInterest: CreationOptional<number>;
  declare totalOwed: CreationOptional<number>;
  declare totalPaid: CreationOptional<number>;
  declare totalTax: CreationOptional<number>;
  declare totalCredit: CreationOptional<number>;
  declare totalRefunds: CreationOptional<number>;
  declare rollover: CreationOptional<number>;
  declare balance: CreationOptional<number>;
  declare installmentsCount: CreationOptional<number>;
  declare accountingLineItems: CreationOptional<AccountingLineItem[]>;
  declare status: CreationOptional<string>;
  declare financialStatus: CreationOptional<string>;
  declare daysOverdue: CreationOptional<number>;
  declare source: CreationOptional<string>;
  declare scholarship: CreationOptional<boolean>;
  declare flowType: string | null;
  declare autoPay: CreationOptional<boolean>;
  declare firstPaymentDate: string | null;
  declare lastPaymentDate: string | null;
  declare paymentMethodId: CreationOptional<number | null>;
  declare paymentAccountBlocked: CreationOptional<boolean>;
  declare bankruptcy: CreationOptional<boolean>;
  declare migrated: CreationOptional<boolean>;
  declare concludedAt: CreationOptional<Date | null>;
  /** The in-progress payment's claim (compare-and-set; see api/billing/ledger.ts claimPlan). */
  declare paymentClaim: CreationOptional<string | null>;
  declare paymentClaimedAt: CreationOptional<Date | null>;
  declare lastFailureAt: CreationOptional<Date | null>;
  declare lastFailureMessage: CreationOptional<string | null>;
  /** Due date of the oldest entry not fully paid (null when none is left). */
  declare nextDueDate: CreationOptional<string | null>;
  /** What is due and unpaid on entries due before today (kept by the financial-status recompute and every payment). */
  declare pastDueAmount: CreationOptional<number>;
  declare principalPaid: CreationOptional<number>;
  declare interestPaid: CreationOptional<number>;
  declare taxPaid: CreationOptional<number>;
  declare withdrawalReduction: CreationOptional<number>;
  declare transferReduction: CreationOptional<number>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare schedules?: NonAttribute<PaymentSchedule[]>;

  static initModel(sequelize: Sequelize) {
    const zero = () => ({ type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 });
    const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
    StudentPaymentPlan.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        productPaymentPlanId: { type: DataTypes.INTEGER, allowNull: true },
        voucherId: { type: DataTypes.INTEGER, allowNull: true },
        name: str(255, false),
        description: { type: DataTypes.TEXT, allowNull: true },
        paymentPlanType: str(20, false),
        paymentScheduleType: str(30, false),
        frequency: str(20, false),
        frequencyUnit: str(20, false),
        depositAmount: zero(),
        totalTerm: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
        amortizeTerm: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        principalAmount: zero(),
        installmentAmount: zero(),
        interestRate: { type: DataTypes.DECIMAL(7, 4), allowNull: true },
        tuitionPrice: zero(),
        additionalFees: zero(),
        voucherDiscount: zero(),
        totalInterest: zero(),
        totalOwed: zero(),
        totalPaid: zero(),
        totalTax: zero(),
        totalCredit: zero(),
        totalRefunds: zero(),
        rollover: zero(),
        balance: zero(),
        installmentsCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        accountingLineItems: jsonText('accountingLineItems', []),
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'ACTIVE' },
        financialStatus: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'GOOD' },
        daysOverdue: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        source: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'APPLICATION' },
        scholarship: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        flowType: str(20),
        autoPay: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        firstPaymentDate: { type: DataTypes.DATEONLY, allowNull: true },
        lastPaymentDate: { type: DataTypes.DATEONLY, allowNull: true },
        paymentMethodId: { type: DataTypes.INTEGER, allowNull: true },
        paymentAccountBlocked: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        bankruptcy: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        migrated: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        concludedAt: { type: DataTypes.DATE(3), allowNull: true },
        paymentClaim: str(64),
        paymentClaimedAt: { type: DataTypes.DATE(3), allowNull: true },
        lastFailureAt: { type: DataTypes.DATE(3), allowNull: true },
        lastFailureMessage: str(255),
        nextDueDate: { type: DataTypes.DATEONLY, allowNull: true },
        pastDueAmount: zero(),
        principalPaid: zero(),
        interestPaid: zero(),
        taxPaid: zero(),
        withdrawalReduction: zero(),
        transferReduction: zero(),
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'student_payment_plans', ...commonOptions },
    );
  }
}
