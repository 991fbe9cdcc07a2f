import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions } from './base';

/** One of the spec's 11 business categories (reference data created by migration). */
export class BusinessCategory extends Model<InferAttributes<BusinessCategory>, InferCreationAttributes<BusinessCategory>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare description: string | null;
  declare d2lUserTypeCode: string | null;
  declare d2lUserTypeDisplayName: string | null;
  declare d2lUserTypeIdentifier: string | null;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    BusinessCategory.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        name: { type: DataTypes.STRING(40), allowNull: false, unique: true },
        description: { type: DataTypes.STRING(255), allowNull: true },
        d2lUserTypeCode: { type: DataTypes.STRING(40), allowNull: true },
        d2lUserTypeDisplayName: { type: DataTypes.STRING(100), allowNull: true },
        d2lUserTypeIdentifier: { type: DataTypes.STRING(40), allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'business_categories', ...commonOptions },
    );
  }
}
