import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { Of, TransferStatus } from './enums';
import type { Application } from './Application';
import type { Cohort } from './Cohort';
import type { Product } from './Product';
import type { Student } from './Student';

/**
 * A transfer of an ENROLLED application to another class of the same business category (domain rules
 * "Transfers"): PENDING → ACCEPTED | REJECTED. Its money is the engine's (domain/rules/transfers.ts),
 * stored when created and recomputed on acceptance. Money columns are DECIMAL(12,2); services work in cents.
 */
export class Transfer extends Model<InferAttributes<Transfer>, InferCreationAttributes<Transfer>> {
  declare id: CreationOptional<number>;
  declare studentId: number;
  declare applicationId: number;
  declare rootApplicationId: number;
  declare originProductId: number;
  declare originCohortId: number | null;
  declare destinationProductId: number;
  declare destinationCohortId: number;
  declare destinationProductPaymentPlanId: number;
  declare newApplicationId: CreationOptional<number | null>;
  declare transferNumber: number;
  /** STAFF (the student accepts it) or STUDENT (staff accept it). */
  declare requestedBy: string;
  declare status: CreationOptional<Of<typeof TransferStatus>>;
  declare transferFee: CreationOptional<number>;
  declare tuitionRollover: CreationOptional<number>;
  declare excessRefund: CreationOptional<number>;
  declare newPrincipal: CreationOptional<number>;
  declare reason: CreationOptional<string | null>;
  declare comments: CreationOptional<string | null>;
  declare termsAcceptedAt: CreationOptional<Date | null>;
  declare decidedAt: CreationOptional<Date | null>;
  declare refundId: CreationOptional<number | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare student?: NonAttribute<Student>;
  declare application?: NonAttribute<Application>;
  declare originProduct?: NonAttribute<Product>;
  declare destinationProduct?: NonAttribute<Product>;
  declare destinationCohort?: NonAttribute<Cohort>;

  static initModel(sequelize: Sequelize) {
    Transfer.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        applicationId: { type: DataTypes.INTEGER, allowNull: false },
        rootApplicationId: { type: DataTypes.INTEGER, allowNull: false },
        originProductId: { type: DataTypes.INTEGER, allowNull: false },
        originCohortId: { type: DataTypes.INTEGER, allowNull: true },
        destinationProductId: { type: DataTypes.INTEGER, allowNull: false },
        destinationCohortId: { type: DataTypes.INTEGER, allowNull: false },
        destinationProductPaymentPlanId: { type: DataTypes.INTEGER, allowNull: false },
        newApplicationId: { type: DataTypes.INTEGER, allowNull: true },
        transferNumber: { type: DataTypes.INTEGER, allowNull: false },
        requestedBy: { type: DataTypes.STRING(20), allowNull: false },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'PENDING' },
        transferFee: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        tuitionRollover: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        excessRefund: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        newPrincipal: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 },
        reason: { type: DataTypes.STRING(255), allowNull: true },
        comments: { type: DataTypes.TEXT, allowNull: true },
        termsAcceptedAt: { type: DataTypes.DATE(3), allowNull: true },
        decidedAt: { type: DataTypes.DATE(3), allowNull: true },
        refundId: { type: DataTypes.INTEGER, allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'transfers', ...commonOptions },
    );
  }
}
