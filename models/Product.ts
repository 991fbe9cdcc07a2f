import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import type { Of, ProductFlowType } from './enums';
import { auditAttributes, commonOptions } from './base';
import type { ProductItem } from './ProductItem';

/**
 * What a student buys: one or more cohorts (product items) sold with payment plans. `enrolling` is
 * not stored: it is true while today lies between the enrolling start and end dates.
 */
export class Product extends Model<InferAttributes<Product>, InferCreationAttributes<Product>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare description: string | null;
  declare salesforceProductType: string | null;
  declare salesforceProductId: string | null;
  declare enrollmentAgreementUrl: string | null;
  declare cost: number | null;
  declare flowType: Of<typeof ProductFlowType>;
  declare enrollingStartDate: string | null;
  declare enrollingEndDate: string | null;
  declare published: CreationOptional<boolean>;
  declare deleted: CreationOptional<boolean>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare items?: NonAttribute<ProductItem[]>;

  static initModel(sequelize: Sequelize) {
    const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
    const str = (n: number) => ({ type: DataTypes.STRING(n), allowNull: true });
    Product.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        name: { type: DataTypes.STRING(200), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: true },
        salesforceProductType: str(40),
        salesforceProductId: str(40),
        enrollmentAgreementUrl: str(500),
        cost: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
        flowType: { type: DataTypes.STRING(20), allowNull: false },
        enrollingStartDate: { type: DataTypes.DATEONLY, allowNull: true },
        enrollingEndDate: { type: DataTypes.DATEONLY, allowNull: true },
        published: flag(),
        deleted: flag(),
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'products', ...commonOptions },
    );
  }
}
