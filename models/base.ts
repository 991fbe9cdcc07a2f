import { DataTypes, type ModelAttributes } from 'sequelize';

/** Columns every editable record carries: who changed it last (id and display name). */
export const auditAttributes = {
  updatedById: { type: DataTypes.INTEGER, allowNull: true },
  updatedByName: { type: DataTypes.STRING(200), allowNull: true },
} satisfies ModelAttributes;

/** A TEXT column holding JSON, portable across SQLite and MariaDB. */
export function jsonText(field: string, fallback: unknown) {
  return {
    type: DataTypes.TEXT,
    allowNull: false,
    defaultValue: JSON.stringify(fallback),
    get(this: { getDataValue(k: string): unknown }) {
      const raw = this.getDataValue(field);
      if (raw === null || raw === undefined) return fallback;
      return typeof raw === 'string' ? JSON.parse(raw) : raw;
    },
    set(this: { setDataValue(k: string, v: unknown): void }, value: unknown) {
      this.setDataValue(field, JSON.stringify(value ?? fallback));
    },
  };
}

export const commonOptions = { underscored: true, timestamps: true } as const;

/**
 * The terms of a payment-plan definition (business-category templates and program plans): type,
 * schedule, amounts as DECIMAL(12,2), rates as DECIMAL(7,4), terms in months. Fresh objects per
 * call: Sequelize writes the column name into each definition.
 */
export function planTermAttributes() {
  const money = () => ({ type: DataTypes.DECIMAL(12, 2), allowNull: true });
  const rate = () => ({ type: DataTypes.DECIMAL(7, 4), allowNull: true });
  return {
    paymentPlanType: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'PAY_IN_FULL' },
    paymentScheduleType: { type: DataTypes.STRING(30), allowNull: false },
    installmentAmount: money(),
    depositAmount: money(),
    interestRate: rate(),
    annualPercentageRate: rate(),
    tuitionPrice: money(),
    totalTerm: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    amortizeTerm: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    principalAmount: money(),
  } satisfies ModelAttributes;
}

/** The model fields of `planTermAttributes`. */
export interface PlanTerms {
  paymentPlanType: string;
  paymentScheduleType: string;
  installmentAmount: number | null;
  depositAmount: number | null;
  interestRate: number | null;
  annualPercentageRate: number | null;
  tuitionPrice: number | null;
  totalTerm: number;
  amortizeTerm: number;
  principalAmount: number | null;
}

/** The columns of a module: a program module and the cohort modules copied from it share them. */
export function moduleAttributes() {
  const date = () => ({ type: DataTypes.DATE(3), allowNull: true });
  const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  return {
    title: { type: DataTypes.STRING(255), allowNull: false },
    d2lModuleId: { type: DataTypes.STRING(40), allowNull: true, field: 'd2l_module_id' },
    groupName: { type: DataTypes.STRING(100), allowNull: true },
    moduleGroupId: { type: DataTypes.INTEGER, allowNull: true },
    locked: flag(),
    duration: { type: DataTypes.INTEGER, allowNull: true },
    startDateTime: date(),
    openDate: date(),
    closeDate: date(),
    endDateTime: date(),
    image: { type: DataTypes.STRING(500), allowNull: true },
    consumeTrackingEnabled: flag(),
    communicationTemplateId: { type: DataTypes.INTEGER, allowNull: true },
    displayOrder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  } satisfies ModelAttributes;
}
