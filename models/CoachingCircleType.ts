import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { FrequencyUnit, Of } from './enums';

/** A coaching circle type: the template a circle copies (back-office spec §3). Soft-deleted. */
export class CoachingCircleType extends Model<InferAttributes<CoachingCircleType>, InferCreationAttributes<CoachingCircleType>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare description: CreationOptional<string | null>;
  /** How many sessions a circle of this type meets. */
  declare sessions: number;
  /** Max students in each coach's group. */
  declare maxStudents: number;
  declare frequency: number;
  declare frequencyUnit: Of<typeof FrequencyUnit>;
  /** Minutes. */
  declare duration: number;
  declare deleted: CreationOptional<boolean>;
  declare updatedById: CreationOptional<number | null>;
  declare updatedByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CoachingCircleType.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        name: { type: DataTypes.STRING(200), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: true },
        sessions: { type: DataTypes.INTEGER, allowNull: false },
        maxStudents: { type: DataTypes.INTEGER, allowNull: false },
        frequency: { type: DataTypes.INTEGER, allowNull: false },
        frequencyUnit: { type: DataTypes.STRING(10), allowNull: false },
        duration: { type: DataTypes.INTEGER, allowNull: false },
        deleted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coaching_circle_types', ...commonOptions },
    );
  }
}
