import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { Student } from './Student';
import type { User } from './User';

/** A coach: a distinct account kind that also embeds a student record (back-office spec §3). */
export class Coach extends Model<InferAttributes<Coach>, InferCreationAttributes<Coach>> {
  declare id: CreationOptional<number>;
  declare userId: ForeignKey<User['id']>;
  declare studentId: ForeignKey<Student['id']>;
  declare intro: string | null;
  declare coachWebConferenceUrl: string | null;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Coach.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        intro: { type: DataTypes.TEXT, allowNull: true },
        coachWebConferenceUrl: { type: DataTypes.STRING(500), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coaches', ...commonOptions },
    );
  }
}
