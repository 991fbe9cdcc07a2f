import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { commonOptions } from './base';
import type { Cohort } from './Cohort';

/** A cohort sold by a product (the product's `cohortIds`). */
export class ProductItem extends Model<InferAttributes<ProductItem>, InferCreationAttributes<ProductItem>> {
  declare id: CreationOptional<number>;
  declare productId: number;
  declare cohortId: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare cohort?: NonAttribute<Cohort>;

  static initModel(sequelize: Sequelize) {
    ProductItem.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        productId: { type: DataTypes.INTEGER, allowNull: false },
        cohortId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'product_items', ...commonOptions },
    );
  }
}
