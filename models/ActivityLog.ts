import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonText } from './base';

/** One change: who did what to which record, when, with the fields' before → after values. */
export class ActivityLog extends Model<InferAttributes<ActivityLog>, InferCreationAttributes<ActivityLog>> {
  declare id: CreationOptional<number>;
  declare entityType: string;
  declare entityId: number;
  declare studentId: number | null;
  declare category: string;
  declare type: string;
  declare description: string | null;
  /** What happened, as a key of models/descriptions.ts and its parameters (JSON): each UI writes it in its language; `description` is its English text. */
  declare descriptionKey: CreationOptional<string | null>;
  declare descriptionParams: CreationOptional<string | null>;
  declare changes: CreationOptional<Record<string, { from: unknown; to: unknown }>>;
  declare actorUserId: number | null;
  declare actorName: string | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    ActivityLog.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        entityType: { type: DataTypes.STRING(40), allowNull: false },
        entityId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: true },
        category: { type: DataTypes.STRING(30), allowNull: false },
        type: { type: DataTypes.STRING(30), allowNull: false },
        description: { type: DataTypes.STRING(500), allowNull: true },
        descriptionKey: { type: DataTypes.STRING(40), allowNull: true },
        descriptionParams: { type: DataTypes.TEXT, allowNull: true },
        changes: jsonText('changes', {}),
        actorUserId: { type: DataTypes.INTEGER, allowNull: true },
        actorName: { type: DataTypes.STRING(200), allowNull: true },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'activity_logs', underscored: true, timestamps: true, updatedAt: false },
    );
  }
}
