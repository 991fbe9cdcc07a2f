import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import type { ApplicationStatus, Of } from './enums';
import { auditAttributes, commonOptions } from './base';
import type { ApplicationCohort } from './ApplicationCohort';
import type { Enrollment } from './Enrollment';
import type { Product } from './Product';
import type { Student } from './Student';

/**
 * A student's application to a product (back-office spec §3 Application). Starts CREATED; the status
 * machine of the domain rules moves it (api/applications). `businessCategoryId` is copied from the
 * product's first cohort for the list filter; `voucherDiscount` is what the applied promo code takes off.
 */
export class Application extends Model<InferAttributes<Application>, InferCreationAttributes<Application>> {
  declare id: CreationOptional<number>;
  declare studentId: number;
  declare productId: number;
  declare productPaymentPlanId: number | null;
  declare businessCategoryId: number | null;
  declare status: CreationOptional<Of<typeof ApplicationStatus>>;
  declare flowType: string;
  declare source: string | null;
  declare opportunityId: string | null;
  declare migrated: CreationOptional<boolean>;
  declare autoPay: CreationOptional<boolean>;
  declare callAttempts: CreationOptional<number>;
  declare financialStatus: CreationOptional<string>;
  declare daysOverdue: CreationOptional<number>;
  declare refunded: CreationOptional<number>;
  declare documentName: string | null;
  declare documentType: string | null;
  declare voucherId: number | null;
  declare voucherDiscount: CreationOptional<number>;
  declare paymentMethodId: number | null;
  declare appliedAt: Date | null;
  declare enrolledAt: Date | null;
  declare statusChangedAt: Date | null;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare student?: NonAttribute<Student>;
  declare product?: NonAttribute<Product>;
  declare applicationCohorts?: NonAttribute<ApplicationCohort[]>;
  declare enrollments?: NonAttribute<Enrollment[]>;

  static initModel(sequelize: Sequelize) {
    const str = (n: number) => ({ type: DataTypes.STRING(n), allowNull: true });
    const int = () => ({ type: DataTypes.INTEGER, allowNull: true });
    const count = () => ({ type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
    const zero = () => ({ type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 });
    const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
    Application.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        productId: { type: DataTypes.INTEGER, allowNull: false },
        productPaymentPlanId: int(),
        businessCategoryId: int(),
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'CREATED' },
        flowType: { type: DataTypes.STRING(20), allowNull: false },
        source: str(30),
        opportunityId: str(40),
        migrated: flag(),
        autoPay: flag(),
        callAttempts: count(),
        financialStatus: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'GOOD' },
        daysOverdue: count(),
        refunded: zero(),
        documentName: str(255),
        documentType: str(100),
        voucherId: int(),
        voucherDiscount: zero(),
        paymentMethodId: int(),
        appliedAt: { type: DataTypes.DATE(3), allowNull: true },
        enrolledAt: { type: DataTypes.DATE(3), allowNull: true },
        statusChangedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'applications', ...commonOptions },
    );
  }
}
