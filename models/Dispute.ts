import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';

/** A card dispute (chargeback) the gateway reported on an accepted payment: PENDING until staff verify it as WON or LOST (a lost one reverses the payment). Money columns are DECIMAL(12,2); services work in integer cents. */
export class Dispute extends Model<InferAttributes<Dispute>, InferCreationAttributes<Dispute>> {
  declare id: CreationOptional<number>;
  declare paymentId: number;
  declare studentId: number;
  declare studentPaymentPlanId: number;
  declare amount: number;
  declare reason: CreationOptional<string | null>;
  declare status: CreationOptional<string>;
  declare gateway: CreationOptional<string | null>;
  declare gatewayDisputeId: CreationOptional<string | null>;
  declare comment: CreationOptional<string | null>;
  declare verifiedAt: CreationOptional<Date | null>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Dispute.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        paymentId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        studentPaymentPlanId: { type: DataTypes.INTEGER, allowNull: false },
        amount: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        reason: { type: DataTypes.STRING(100), allowNull: true },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'PENDING' },
        gateway: { type: DataTypes.STRING(20), allowNull: true },
        gatewayDisputeId: { type: DataTypes.STRING(100), allowNull: true },
        comment: { type: DataTypes.TEXT, allowNull: true },
        verifiedAt: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'disputes', ...commonOptions },
    );
  }
}
