import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/**
 * Failed sign-ins for an email that has no account at a door (unknown, the other door's, or without a
 * password yet), counted as `users` counts an account's, so the lockout answers the same either way.
 * `keyHash` is the SHA-256 of `{door}:{email}`: the typed addresses are not kept.
 */
export class SignInFailure extends Model<InferAttributes<SignInFailure>, InferCreationAttributes<SignInFailure>> {
  declare id: CreationOptional<number>;
  declare keyHash: string;
  declare failedCount: CreationOptional<number>;
  declare firstFailedAt: Date | null;
  declare lockedUntil: Date | null;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    SignInFailure.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        keyHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        failedCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        firstFailedAt: { type: DataTypes.DATE(3), allowNull: true },
        lockedUntil: { type: DataTypes.DATE(3), allowNull: true },
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'sign_in_failures', underscored: true, timestamps: true, createdAt: false },
    );
  }
}
