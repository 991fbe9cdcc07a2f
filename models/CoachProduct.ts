import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { CoachProductType, Of } from './enums';
import { auditAttributes, commonOptions } from './base';

/** A coach's own product (issue 21): sessions with the coach sold to a customer at a price; inactive ones are no longer offered. */
export class CoachProduct extends Model<InferAttributes<CoachProduct>, InferCreationAttributes<CoachProduct>> {
  declare id: CreationOptional<number>;
  declare coachId: number;
  declare name: string;
  declare description: string | null;
  declare type: Of<typeof CoachProductType>;
  declare price: number;
  declare sessions: number;
  declare active: CreationOptional<boolean>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CoachProduct.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        coachId: { type: DataTypes.INTEGER, allowNull: false },
        name: { type: DataTypes.STRING(200), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: true },
        type: { type: DataTypes.STRING(30), allowNull: false },
        price: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        sessions: { type: DataTypes.INTEGER, allowNull: false },
        active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coach_products', ...commonOptions },
    );
  }
}
