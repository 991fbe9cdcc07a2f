import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** The card-provider history: every call to the gateway about a student (charge, refund, card, dispute) with its outcome; AUTHORIZE_NET rows come from migrated records. Money columns are DECIMAL(12,2); services work in integer cents. */
export class GatewayEvent extends Model<InferAttributes<GatewayEvent>, InferCreationAttributes<GatewayEvent>> {
  declare id: CreationOptional<number>;
  declare studentId: number;
  declare paymentId: CreationOptional<number | null>;
  declare refundTransactionId: CreationOptional<number | null>;
  declare provider: string;
  declare kind: string;
  declare amount: CreationOptional<number | null>;
  declare status: string;
  declare reference: CreationOptional<string | null>;
  declare message: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    GatewayEvent.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        paymentId: { type: DataTypes.INTEGER, allowNull: true },
        refundTransactionId: { type: DataTypes.INTEGER, allowNull: true },
        provider: { type: DataTypes.STRING(20), allowNull: false },
        kind: { type: DataTypes.STRING(20), allowNull: false },
        amount: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
        status: { type: DataTypes.STRING(20), allowNull: false },
        reference: { type: DataTypes.STRING(100), allowNull: true },
        message: { type: DataTypes.STRING(255), allowNull: true },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'gateway_events', ...commonOptions, updatedAt: false },
    );
  }
}
