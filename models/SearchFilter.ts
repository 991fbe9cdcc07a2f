import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { auditAttributes, commonOptions, jsonText } from './base';

/** A saved filter: a named criteria object of one list kind, owned by one user. */
export class SearchFilter extends Model<InferAttributes<SearchFilter>, InferCreationAttributes<SearchFilter>> {
  declare id: CreationOptional<number>;
  declare ownerUserId: number;
  declare kind: string;
  declare name: string;
  declare criteria: CreationOptional<Record<string, unknown>>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    SearchFilter.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        ownerUserId: { type: DataTypes.INTEGER, allowNull: false },
        kind: { type: DataTypes.STRING(30), allowNull: false },
        name: { type: DataTypes.STRING(100), allowNull: false },
        criteria: jsonText('criteria', {}),
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'search_filters', ...commonOptions },
    );
  }
}
