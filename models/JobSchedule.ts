import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, jsonText } from './base';

/**
 * A scheduled job (issue 16, api/jobs): what runs (type, params) and when (a cron expression in
 * America/New_York, or every `repeatInterval` seconds). The row also holds the job's lease: the
 * process running it (`leaseOwner`), until when (`leaseExpiresAt`, renewed while it runs) and the run
 * (`leaseRunId`); `lastFireAt` is the last scheduled time a process took, so a scheduled time runs once.
 */
export class JobSchedule extends Model<InferAttributes<JobSchedule>, InferCreationAttributes<JobSchedule>> {
  declare id: CreationOptional<number>;
  declare jobName: string;
  declare jobGroup: CreationOptional<string>;
  declare description: string | null;
  declare type: string;
  declare status: CreationOptional<string>;
  declare cronJob: boolean;
  declare cronExpression: string | null;
  declare repeatInterval: number | null;
  declare params: CreationOptional<Record<string, unknown>>;
  declare nextRunAt: Date | null;
  declare lastFireAt: CreationOptional<Date | null>;
  declare leaseOwner: CreationOptional<string | null>;
  declare leaseExpiresAt: CreationOptional<Date | null>;
  declare leaseRunId: CreationOptional<number | null>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    JobSchedule.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        jobName: { type: DataTypes.STRING(100), allowNull: false },
        jobGroup: { type: DataTypes.STRING(100), allowNull: false, defaultValue: 'DEFAULT' },
        description: { type: DataTypes.STRING(500), allowNull: true },
        type: { type: DataTypes.STRING(40), allowNull: false },
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'ACTIVE' },
        cronJob: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        cronExpression: { type: DataTypes.STRING(100), allowNull: true },
        repeatInterval: { type: DataTypes.INTEGER, allowNull: true },
        params: jsonText('params', {}),
        nextRunAt: { type: DataTypes.DATE(3), allowNull: true },
        lastFireAt: { type: DataTypes.DATE(3), allowNull: true },
        leaseOwner: { type: DataTypes.STRING(100), allowNull: true },
        leaseExpiresAt: { type: DataTypes.DATE(3), allowNull: true },
        leaseRunId: { type: DataTypes.INTEGER, allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'job_schedules', underscored: true, timestamps: true },
    );
  }
}
