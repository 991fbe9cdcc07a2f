import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { Of, VoucherDiscountKind, VoucherScope } from './enums';
import { auditAttributes, commonOptions, jsonText } from './base';

/** A voucher definition (promo code): PERCENT_OFF or AMOUNT_OFF, for ALL or listed emails, valid dates and a use limit. */
export class Voucher extends Model<InferAttributes<Voucher>, InferCreationAttributes<Voucher>> {
  declare id: CreationOptional<number>;
  declare code: string;
  declare description: string | null;
  declare discountKind: Of<typeof VoucherDiscountKind>;
  declare discountValue: number;
  declare scope: Of<typeof VoucherScope>;
  declare emailIds: CreationOptional<string[]>;
  declare validFrom: string | null;
  declare validTo: string | null;
  declare useLimit: number | null;
  declare timesUsed: CreationOptional<number>;
  declare active: CreationOptional<boolean>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Voucher.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        code: { type: DataTypes.STRING(40), allowNull: false },
        description: { type: DataTypes.STRING(255), allowNull: true },
        discountKind: { type: DataTypes.STRING(20), allowNull: false },
        discountValue: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
        scope: { type: DataTypes.STRING(20), allowNull: false },
        emailIds: jsonText('emailIds', []),
        validFrom: { type: DataTypes.DATEONLY, allowNull: true },
        validTo: { type: DataTypes.DATEONLY, allowNull: true },
        useLimit: { type: DataTypes.INTEGER, allowNull: true },
        timesUsed: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'vouchers', ...commonOptions },
    );
  }
}
