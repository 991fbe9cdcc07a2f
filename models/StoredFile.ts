import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';
import type { Of, StoredFilePurpose } from './enums';

/**
 * An object in storage (api/integrations/storage.ts): an upload or an export's file. `fileName` is the
 * generated storage key; `originalName` the name the user gave (or the export's download name);
 * `contentType` sniffed from the content; `studentId` set on a student's own documents.
 */
export class StoredFile extends Model<InferAttributes<StoredFile>, InferCreationAttributes<StoredFile>> {
  declare id: CreationOptional<number>;
  declare fileName: string;
  declare originalName: string;
  declare contentType: string;
  declare size: number;
  declare purpose: Of<typeof StoredFilePurpose>;
  declare ownerUserId: number | null;
  declare studentId: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    StoredFile.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        fileName: { type: DataTypes.STRING(500), allowNull: false },
        originalName: { type: DataTypes.STRING(255), allowNull: false },
        contentType: { type: DataTypes.STRING(100), allowNull: false },
        size: {
          type: DataTypes.BIGINT,
          allowNull: false,
          get(this: StoredFile) {
            return Number(this.getDataValue('size'));
          },
        },
        purpose: { type: DataTypes.STRING(20), allowNull: false },
        ownerUserId: { type: DataTypes.INTEGER, allowNull: true },
        studentId: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'stored_files', ...commonOptions },
    );
  }
}
