import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions, jsonText } from './base';
import type { Of, RequestStatus, WithdrawalKind } from './enums';
import type { Application } from './Application';
import type { Cohort } from './Cohort';
import type { Program } from './Program';
import type { Student } from './Student';

/**
 * A withdrawal of an application, of one kind (domain rules "Withdrawals and refunds"): REQUESTED →
 * APPROVED → COMPLETED, or REJECTED / CANCELLED. `cohortIds` are the classes left (all the
 * application's, or some of a bundle's: `partial`). The figures are the engine's
 * (domain/rules/withdrawals.ts) at `withdrawalDate`. Money columns are DECIMAL(12,2).
 */
export class Withdrawal extends Model<InferAttributes<Withdrawal>, InferCreationAttributes<Withdrawal>> {
  declare id: CreationOptional<number>;
  declare kind: Of<typeof WithdrawalKind>;
  declare studentId: number;
  declare applicationId: number;
  declare programId: number | null;
  declare cohortId: number | null;
  declare cohortIds: CreationOptional<number[]>;
  declare partial: CreationOptional<boolean>;
  declare requestedBy: string;
  declare status: CreationOptional<Of<typeof RequestStatus>>;
  declare reason: CreationOptional<string | null>;
  declare comments: CreationOptional<string | null>;
  declare withdrawalDate: string;
  declare tuitionResponsibility: CreationOptional<number>;
  declare reductionAmount: CreationOptional<number>;
  declare amountToBeRefund: CreationOptional<number>;
  declare amountRefunded: CreationOptional<number>;
  declare taxToBeRefund: CreationOptional<number>;
  declare taxRefunded: CreationOptional<number>;
  declare reissuedAmount: CreationOptional<number>;
  declare installmentAmount: CreationOptional<number | null>;
  declare autoPay: CreationOptional<boolean>;
  declare refundId: CreationOptional<number | null>;
  declare reissuedPlanId: CreationOptional<number | null>;
  declare decidedAt: CreationOptional<Date | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare student?: NonAttribute<Student>;
  declare application?: NonAttribute<Application>;
  declare program?: NonAttribute<Program>;
  declare cohort?: NonAttribute<Cohort>;

  static initModel(sequelize: Sequelize) {
    Withdrawal.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        kind: { type: DataTypes.STRING(20), allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        programId: { type: DataTypes.INTEGER, allowNull: true },
        cohortId: { type: DataTypes.INTEGER, allowNull: true },
        cohortIds: jsonText('cohortIds', []),
        partial: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        requestedBy: { type: DataTypes.STRING(20), allowNull: false },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'REQUESTED' },
        reason: { type: DataTypes.STRING(255), allowNull: true },
        comments: { type: DataTypes.TEXT, allowNull: true },
        withdrawalDate: { type: DataTypes.DATEONLY, allowNull: false },
        tuitionResponsibility: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        reductionAmount: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        amountToBeRefund: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        amountRefunded: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        taxToBeRefund: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        taxRefunded: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        reissuedAmount: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        installmentAmount: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
        autoPay: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        refundId: { type: DataTypes.INTEGER, allowNull: true },
        reissuedPlanId: { type: DataTypes.INTEGER, allowNull: true },
        decidedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'withdrawals', ...commonOptions },
    );
  }
}
