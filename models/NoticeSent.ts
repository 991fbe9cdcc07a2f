import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/**
 * A notice about a schedule entry that was sent (installment reminders, past-due notices): unique per
 * entry and kind (`REMINDER_7`, `PAST_DUE_15`), so a notice goes once whatever runs twice.
 */
export class NoticeSent extends Model<InferAttributes<NoticeSent>, InferCreationAttributes<NoticeSent>> {
  declare id: CreationOptional<number>;
  declare paymentScheduleId: number;
  declare kind: string;
  declare outboxMessageId: number | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    NoticeSent.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        paymentScheduleId: { type: DataTypes.INTEGER, allowNull: false },
        kind: { type: DataTypes.STRING(30), allowNull: false },
        outboxMessageId: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'notices_sent', underscored: true, timestamps: true, updatedAt: false },
    );
  }
}
