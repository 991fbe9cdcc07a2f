import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** A record a user opened ("recently viewed"). */
export class UserViewHistory extends Model<InferAttributes<UserViewHistory>, InferCreationAttributes<UserViewHistory>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare entityType: string;
  declare entityId: number;
  declare label: string | null;
  declare viewedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    UserViewHistory.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        userId: { type: DataTypes.INTEGER, allowNull: false },
        entityType: { type: DataTypes.STRING(40), allowNull: false },
        entityId: { type: DataTypes.INTEGER, allowNull: false },
        label: { type: DataTypes.STRING(200), allowNull: true },
        viewedAt: { type: DataTypes.DATE(3), allowNull: false, defaultValue: DataTypes.NOW },
      },
      { sequelize, tableName: 'user_view_histories', underscored: true, timestamps: false },
    );
  }
}
