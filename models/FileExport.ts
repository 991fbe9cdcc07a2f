import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions, jsonText } from './base';
import type { FileExportStatus, FileExportType, Of } from './enums';

/**
 * An export (issue 20, api/exports): a list's criteria to write as a CSV file, run by the FILE_EXPORT
 * job. `criteria` is the list's own criteria body (JSON), `keyword` the list's keyword, `utcOffset` the
 * zone its times are written in; `rowsDone`/`rowsTotal` its progress; `storedFileId` the file once
 * COMPLETED. `leaseOwner`/`leaseExpiresAt` tell which process runs it until when (a lapsed lease is
 * claimed again); `attempts` counts the claims (FAILED after the last).
 */
export class FileExport extends Model<InferAttributes<FileExport>, InferCreationAttributes<FileExport>> {
  declare id: CreationOptional<number>;
  declare type: Of<typeof FileExportType>;
  declare status: CreationOptional<Of<typeof FileExportStatus>>;
  declare criteria: CreationOptional<Record<string, unknown>>;
  declare keyword: string | null;
  declare utcOffset: string | null;
  declare rowsDone: CreationOptional<number>;
  declare rowsTotal: CreationOptional<number | null>;
  declare storedFileId: CreationOptional<number | null>;
  declare error: CreationOptional<string | null>;
  declare requestedById: number | null;
  declare requestedByName: string;
  declare startedAt: CreationOptional<Date | null>;
  declare finishedAt: CreationOptional<Date | null>;
  declare attempts: CreationOptional<number>;
  declare leaseOwner: CreationOptional<string | null>;
  declare leaseExpiresAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    FileExport.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        type: { type: DataTypes.STRING(40), allowNull: false },
        status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'PENDING' },
        criteria: jsonText('criteria', {}),
        keyword: { type: DataTypes.STRING(100), allowNull: true },
        utcOffset: { type: DataTypes.STRING(64), allowNull: true },
        rowsDone: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        rowsTotal: { type: DataTypes.INTEGER, allowNull: true },
        storedFileId: { type: DataTypes.INTEGER, allowNull: true },
        error: { type: DataTypes.STRING(1000), allowNull: true },
        requestedById: { type: DataTypes.INTEGER, allowNull: true },
        requestedByName: { type: DataTypes.STRING(200), allowNull: false },
        startedAt: { type: DataTypes.DATE(3), allowNull: true },
        finishedAt: { type: DataTypes.DATE(3), allowNull: true },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        leaseOwner: { type: DataTypes.STRING(100), allowNull: true },
        leaseExpiresAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'file_exports', ...commonOptions },
    );
  }
}
