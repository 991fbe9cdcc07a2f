import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';

/** A charge that did not go through (auto-pay, enrollment or retry): FAILED until a later payment settles it (RESOLVED); auto-pay retries after 3 and 7 days. Money columns are DECIMAL(12,2); services work in integer cents. */
export class FailedPayment extends Model<InferAttributes<FailedPayment>, InferCreationAttributes<FailedPayment>> {
  declare id: CreationOptional<number>;
  declare studentId: number;
  declare applicationId: number;
  declare studentPaymentPlanId: number;
  declare paymentScheduleId: CreationOptional<number | null>;
  declare paymentId: CreationOptional<number | null>;
  declare source: string;
  declare status: CreationOptional<string>;
  declare amountToBePaid: number;
  declare failureMessage: CreationOptional<string | null>;
  declare attempts: CreationOptional<number>;
  declare failedAt: Date;
  declare nextRetryDate: CreationOptional<string | null>;
  declare resolvedAt: CreationOptional<Date | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    FailedPayment.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        studentPaymentPlanId: { type: DataTypes.INTEGER, allowNull: false },
        paymentScheduleId: { type: DataTypes.INTEGER, allowNull: true },
        paymentId: { type: DataTypes.INTEGER, allowNull: true },
        source: { type: DataTypes.STRING(20), allowNull: false },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'FAILED' },
        amountToBePaid: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        failureMessage: { type: DataTypes.STRING(255), allowNull: true },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
        failedAt: { type: DataTypes.DATE(3), allowNull: false },
        nextRetryDate: { type: DataTypes.DATEONLY, allowNull: true },
        resolvedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'failed_payments', ...commonOptions },
    );
  }
}
