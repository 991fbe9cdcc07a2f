import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { CoachProductSignUpStatus, Of } from './enums';
import { auditAttributes, commonOptions } from './base';

/**
 * A customer signed up by a coach for one of the coach's products (issue 21; the console's
 * /cmp-sessions): the product as it was, the sessions bought and held, the status (PENDING_PAYMENT →
 * ACTIVE | PAYMENT_FAILED; ACTIVE → COMPLETED once every session was held, or CANCELLED).
 */
export class CoachProductSignUp extends Model<InferAttributes<CoachProductSignUp>, InferCreationAttributes<CoachProductSignUp>> {
  declare id: CreationOptional<number>;
  declare coachProductId: number;
  declare coachId: number;
  declare studentId: number;
  declare productName: string;
  declare productType: string;
  declare sessionsTotal: number;
  declare sessionsUsed: CreationOptional<number>;
  declare status: CreationOptional<Of<typeof CoachProductSignUpStatus>>;
  declare lastSessionAt: CreationOptional<Date | null>;
  declare notes: string | null;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CoachProductSignUp.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        coachProductId: { type: DataTypes.INTEGER, allowNull: false },
        coachId: { type: DataTypes.INTEGER, allowNull: false },
        studentId: { type: DataTypes.INTEGER, allowNull: false },
        productName: { type: DataTypes.STRING(200), allowNull: false },
        productType: { type: DataTypes.STRING(30), allowNull: false },
        sessionsTotal: { type: DataTypes.INTEGER, allowNull: false },
        sessionsUsed: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'PENDING_PAYMENT' },
        lastSessionAt: { type: DataTypes.DATE(3), allowNull: true },
        notes: { type: DataTypes.TEXT, allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'coach_product_sign_ups', ...commonOptions },
    );
  }
}
