import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';

/** A payment received outside the gateway (check, wire transfer, other), recorded by staff PENDING and applied to the plan when ACCEPTED (or REJECTED). Money columns are DECIMAL(12,2); services work in integer cents. */
export class ExternalPayment extends Model<InferAttributes<ExternalPayment>, InferCreationAttributes<ExternalPayment>> {
  declare id: CreationOptional<number>;
  declare studentId: number;
  declare applicationId: number;
  declare studentPaymentPlanId: number;
  declare paymentScheduleId: CreationOptional<number | null>;
  declare method: string;
  declare paymentAmount: number;
  declare paymentDate: string;
  declare referenceNumber: CreationOptional<string | null>;
  declare comment: CreationOptional<string | null>;
  declare status: CreationOptional<string>;
  declare paymentId: CreationOptional<number | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    ExternalPayment.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        studentPaymentPlanId: { type: DataTypes.INTEGER, allowNull: false },
        paymentScheduleId: { type: DataTypes.INTEGER, allowNull: true },
        method: { type: DataTypes.STRING(20), allowNull: false },
        paymentAmount: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        paymentDate: { type: DataTypes.DATEONLY, allowNull: false },
        referenceNumber: { type: DataTypes.STRING(100), allowNull: true },
        comment: { type: DataTypes.TEXT, allowNull: true },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'PENDING' },
        paymentId: { type: DataTypes.INTEGER, allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'external_payments', ...commonOptions },
    );
  }
}
