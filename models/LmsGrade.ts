import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** A student's grade item read from the LMS (sync_academic_status), by its external id. */
export class LmsGrade extends Model<InferAttributes<LmsGrade>, InferCreationAttributes<LmsGrade>> {
  declare id: CreationOptional<number>;
  declare lmsConnectionId: number;
  declare studentId: number;
  declare programId: number;
  declare externalItemId: string;
  declare name: string;
  declare categoryExternalId: string | null;
  declare points: number | null;
  declare maxPoints: number | null;
  declare percent: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    LmsGrade.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        lmsConnectionId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        externalItemId: { type: DataTypes.STRING(100), allowNull: false },
        name: { type: DataTypes.STRING(300), allowNull: false },
        categoryExternalId: { type: DataTypes.STRING(100), allowNull: true },
        points: {
          type: DataTypes.DECIMAL(12, 4),
          allowNull: true,
          get(this: LmsGrade) {
            return num(this.getDataValue('points'));
          },
        },
        maxPoints: {
          type: DataTypes.DECIMAL(12, 4),
          allowNull: true,
          get(this: LmsGrade) {
            return num(this.getDataValue('maxPoints'));
          },
        },
        percent: {
          type: DataTypes.DECIMAL(7, 4),
          allowNull: true,
          get(this: LmsGrade) {
            return num(this.getDataValue('percent'));
          },
        },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'lms_grades', ...commonOptions },
    );
  }
}

function num(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}
