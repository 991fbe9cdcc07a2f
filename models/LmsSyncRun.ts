import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { LmsSyncKind, LmsSyncStatus, Of } from './enums';
import { commonOptions, jsonText } from './base';

/** One change a sync made, or would make in a dry run. */
export interface LmsSyncChange {
  action: 'CREATE' | 'UPDATE' | 'FAIL';
  entity: string;
  externalId: string;
  name: string;
  fields?: string[];
  error?: string;
}

/** One run of a learning-system sync (issue 21): its counts, what changed (or would), who and when. */
export class LmsSyncRun extends Model<InferAttributes<LmsSyncRun>, InferCreationAttributes<LmsSyncRun>> {
  declare id: CreationOptional<number>;
  declare lmsConnectionId: number;
  declare kind: Of<typeof LmsSyncKind>;
  declare programId: number | null;
  declare cohortId: number | null;
  declare dryRun: CreationOptional<boolean>;
  declare status: CreationOptional<Of<typeof LmsSyncStatus>>;
  declare createdCount: CreationOptional<number>;
  declare updatedCount: CreationOptional<number>;
  declare unchangedCount: CreationOptional<number>;
  declare failedCount: CreationOptional<number>;
  declare changes: CreationOptional<LmsSyncChange[]>;
  declare error: CreationOptional<string | null>;
  declare requestedById: number | null;
  declare requestedByName: string;
  declare startedAt: Date;
  declare finishedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    LmsSyncRun.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        lmsConnectionId: { type: DataTypes.INTEGER, allowNull: false },
        kind: { type: DataTypes.STRING(30), allowNull: false },
        programId: { type: DataTypes.INTEGER, allowNull: true },
        cohortId: { type: DataTypes.INTEGER, allowNull: true },
        dryRun: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'RUNNING' },
        createdCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        updatedCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        unchangedCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        failedCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        changes: jsonText('changes', []),
        error: { type: DataTypes.STRING(1000), allowNull: true },
        requestedById: { type: DataTypes.INTEGER, allowNull: true },
        requestedByName: { type: DataTypes.STRING(200), allowNull: false },
        startedAt: { type: DataTypes.DATE(3), allowNull: false },
        finishedAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'lms_sync_runs', ...commonOptions },
    );
  }
}
