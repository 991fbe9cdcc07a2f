import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonText } from './base';
import type { DomainEventStatus, Of } from './enums';

export type DomainEventStatusValue = Of<typeof DomainEventStatus>;

/**
 * One delivery of a domain event to one handler (api/common/events.ts): the event (id, type,
 * payload), the handler's name, and its progress — PENDING until the handler ran (DONE), FAILED after
 * the last attempt; a claim (claimedBy, claimedUntil) while a dispatcher runs it.
 */
export class DomainEvent extends Model<InferAttributes<DomainEvent>, InferCreationAttributes<DomainEvent>> {
  declare id: CreationOptional<number>;
  declare eventId: string;
  declare type: string;
  declare handler: string;
  declare payload: Record<string, unknown>;
  declare status: CreationOptional<DomainEventStatusValue>;
  declare attempts: CreationOptional<number>;
  declare nextAttemptAt: Date;
  declare lastError: CreationOptional<string | null>;
  declare claimedBy: CreationOptional<string | null>;
  declare claimedUntil: CreationOptional<Date | null>;
  declare doneAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    DomainEvent.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        eventId: { type: DataTypes.STRING(36), allowNull: false },
        type: { type: DataTypes.STRING(60), allowNull: false },
        handler: { type: DataTypes.STRING(100), allowNull: false },
        payload: jsonText('payload', {}),
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'PENDING' },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        nextAttemptAt: { type: DataTypes.DATE(3), allowNull: false },
        lastError: { type: DataTypes.STRING(1000), allowNull: true },
        claimedBy: { type: DataTypes.STRING(100), allowNull: true },
        claimedUntil: { type: DataTypes.DATE(3), allowNull: true },
        doneAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'domain_events', underscored: true, timestamps: true },
    );
  }
}
