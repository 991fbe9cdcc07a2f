import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/**
 * One run of a job schedule: what started it, the process that ran it, when, how it ended, how many
 * rows it processed and why it failed. `scheduledFor` is the scheduled time a SCHEDULE run was for
 * (unique per schedule: a scheduled time runs once whatever the number of processes).
 */
export class JobRun extends Model<InferAttributes<JobRun>, InferCreationAttributes<JobRun>> {
  declare id: CreationOptional<number>;
  declare jobScheduleId: number;
  declare trigger: string;
  declare owner: string;
  declare scheduledFor: Date | null;
  declare startedAt: Date;
  declare endedAt: Date | null;
  declare outcome: CreationOptional<string>;
  declare count: CreationOptional<number>;
  declare error: string | null;
  /** What the run has to say besides its count (e.g. the sessions the auto-publish job left, and why). */
  declare note: CreationOptional<string | null>;

  static initModel(sequelize: Sequelize) {
    JobRun.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        jobScheduleId: { type: DataTypes.INTEGER, allowNull: false },
        trigger: { type: DataTypes.STRING(10), allowNull: false, field: 'run_trigger' },
        owner: { type: DataTypes.STRING(100), allowNull: false },
        scheduledFor: { type: DataTypes.DATE(3), allowNull: true },
        startedAt: { type: DataTypes.DATE(3), allowNull: false },
        endedAt: { type: DataTypes.DATE(3), allowNull: true },
        outcome: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'RUNNING' },
        count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0, field: 'row_count' },
        error: { type: DataTypes.STRING(1000), allowNull: true },
        note: { type: DataTypes.STRING(1000), allowNull: true },
      },
      { sequelize, tableName: 'job_runs', underscored: true, timestamps: false },
    );
  }
}
