import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';

/** A refund queue item (source WITHDRAWAL, VOUCHER or CUSTOM): REQUESTED → APPROVED → COMPLETED, or REJECTED / CANCELLED; submitted as EXTERNAL, ONLINE or MIXED; refundStatus PENDING → REFUNDED (or FAILED). Money columns are DECIMAL(12,2); services work in integer cents. */
export class Refund extends Model<InferAttributes<Refund>, InferCreationAttributes<Refund>> {
  declare id: CreationOptional<number>;
  declare applicationId: number;
  declare studentId: number;
  declare studentPaymentPlanId: CreationOptional<number | null>;
  declare source: string;
  declare sourceId: CreationOptional<number | null>;
  declare status: CreationOptional<string>;
  declare refundStatus: CreationOptional<string>;
  declare refundType: CreationOptional<string | null>;
  declare amountToBeRefunded: CreationOptional<number>;
  declare taxToBeRefunded: CreationOptional<number>;
  declare totalToBeRefunded: CreationOptional<number>;
  declare amountRefunded: CreationOptional<number>;
  declare taxRefunded: CreationOptional<number>;
  declare totalRefunded: CreationOptional<number>;
  declare referenceNumber: CreationOptional<string | null>;
  declare comments: CreationOptional<string | null>;
  declare approvedAt: CreationOptional<Date | null>;
  declare submittedAt: CreationOptional<Date | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Refund.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        studentPaymentPlanId: { type: DataTypes.INTEGER, allowNull: true },
        source: { type: DataTypes.STRING(20), allowNull: false },
        sourceId: { type: DataTypes.INTEGER, allowNull: true },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'REQUESTED' },
        refundStatus: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'PENDING' },
        refundType: { type: DataTypes.STRING(20), allowNull: true },
        amountToBeRefunded: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        taxToBeRefunded: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        totalToBeRefunded: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        amountRefunded: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        taxRefunded: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        totalRefunded: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        referenceNumber: { type: DataTypes.STRING(100), allowNull: true },
        comments: { type: DataTypes.TEXT, allowNull: true },
        approvedAt: { type: DataTypes.DATE(3), allowNull: true },
        submittedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'refunds', ...commonOptions },
    );
  }
}
