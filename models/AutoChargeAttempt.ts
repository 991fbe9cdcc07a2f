import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/**
 * The school's own charge of a schedule entry on a day (auto-pay and its retries): unique per entry and
 * day, taken before the gateway is called, so an entry is charged at most once a day however many
 * runs or processes race for it.
 */
export class AutoChargeAttempt extends Model<InferAttributes<AutoChargeAttempt>, InferCreationAttributes<AutoChargeAttempt>> {
  declare id: CreationOptional<number>;
  declare paymentScheduleId: number;
  declare chargeDate: string;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    AutoChargeAttempt.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        paymentScheduleId: { type: DataTypes.INTEGER, allowNull: false },
        chargeDate: { type: DataTypes.DATEONLY, allowNull: false },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'auto_charge_attempts', underscored: true, timestamps: true, updatedAt: false },
    );
  }
}
