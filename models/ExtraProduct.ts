import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { ExtraProductPriceType, ExtraProductType, Of } from './enums';
import { auditAttributes, commonOptions } from './base';

/** Something sold beside a program (transcript, certificate, makeup session...); soft-deleted. */
export class ExtraProduct extends Model<InferAttributes<ExtraProduct>, InferCreationAttributes<ExtraProduct>> {
  declare id: CreationOptional<number>;
  declare programId: number;
  declare name: string;
  declare description: string | null;
  declare type: Of<typeof ExtraProductType>;
  declare priceType: CreationOptional<Of<typeof ExtraProductPriceType>>;
  declare price: number | null;
  declare calculateTaxes: CreationOptional<boolean>;
  declare multipleItemPurchase: CreationOptional<boolean>;
  declare published: CreationOptional<boolean>;
  declare deleted: CreationOptional<boolean>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
    ExtraProduct.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        name: { type: DataTypes.STRING(200), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: true },
        type: { type: DataTypes.STRING(30), allowNull: false },
        priceType: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'FIXED' },
        price: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
        calculateTaxes: flag(),
        multipleItemPurchase: flag(),
        published: flag(),
        deleted: flag(),
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'extra_products', ...commonOptions },
    );
  }
}
