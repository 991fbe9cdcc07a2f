import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';
import type { UserKind } from './enums';

/** A sign-in account: administrators, students/customers and coaches share this table. */
export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare email: string;
  declare passwordHash: string | null;
  declare kind: (typeof UserKind)[number];
  declare active: CreationOptional<boolean>;
  declare emailVerifiedAt: Date | null;
  declare failedLoginCount: CreationOptional<number>;
  declare firstFailedLoginAt: Date | null;
  declare lockedUntil: Date | null;
  declare lastLoginAt: Date | null;
  declare lastActivityAt: Date | null;
  declare tokensValidAfter: Date | null;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    User.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
        passwordHash: { type: DataTypes.STRING(100), allowNull: true },
        kind: { type: DataTypes.STRING(20), allowNull: false },
        active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        emailVerifiedAt: { type: DataTypes.DATE(3), allowNull: true },
        failedLoginCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        firstFailedLoginAt: { type: DataTypes.DATE(3), allowNull: true },
        lockedUntil: { type: DataTypes.DATE(3), allowNull: true },
        lastLoginAt: { type: DataTypes.DATE(3), allowNull: true },
        lastActivityAt: { type: DataTypes.DATE(3), allowNull: true },
        tokensValidAfter: { type: DataTypes.DATE(3), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'users', ...commonOptions, defaultScope: { attributes: { exclude: ['passwordHash'] } } },
    );
  }
}
