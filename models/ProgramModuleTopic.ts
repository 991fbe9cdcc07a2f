import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { commonOptions } from './base';

/** A topic of a program's LMS module (sync_topic_videos_from_d2l keeps the videos among them), by its external id. */
export class ProgramModuleTopic extends Model<InferAttributes<ProgramModuleTopic>, InferCreationAttributes<ProgramModuleTopic>> {
  declare id: CreationOptional<number>;
  declare programId: number;
  declare programModuleId: number;
  declare externalId: string;
  declare title: string;
  declare url: string | null;
  declare topicType: string | null;
  declare isVideo: CreationOptional<boolean>;
  declare displayOrder: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    ProgramModuleTopic.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        programModuleId: { type: DataTypes.INTEGER, allowNull: false },
        externalId: { type: DataTypes.STRING(100), allowNull: false },
        title: { type: DataTypes.STRING(300), allowNull: false },
        url: { type: DataTypes.STRING(1000), allowNull: true },
        topicType: { type: DataTypes.STRING(40), allowNull: true },
        isVideo: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        displayOrder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'program_module_topics', ...commonOptions },
    );
  }
}
