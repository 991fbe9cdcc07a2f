import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** A get-started sign-up waiting for its emailed verification code; the account is made on success. */
export class VerificationCode extends Model<InferAttributes<VerificationCode>, InferCreationAttributes<VerificationCode>> {
  declare id: CreationOptional<number>;
  declare email: string;
  declare codeHash: string;
  declare payload: string;
  declare attempts: CreationOptional<number>;
  declare expiresAt: Date;
  declare usedAt: Date | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    VerificationCode.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        email: { type: DataTypes.STRING(254), allowNull: false },
        codeHash: { type: DataTypes.STRING(64), allowNull: false },
        payload: { type: DataTypes.TEXT, allowNull: false },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        expiresAt: { type: DataTypes.DATE(3), allowNull: false },
        usedAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'verification_codes', underscored: true, timestamps: true, updatedAt: false },
    );
  }
}
