import { DataTypes, Model, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { Language, Of } from './enums';

/** A language a program is taught in (the program's `languages`). */
export class ProgramLanguage extends Model<InferAttributes<ProgramLanguage>, InferCreationAttributes<ProgramLanguage>> {
  declare programId: number;
  declare language: Of<typeof Language>;

  static initModel(sequelize: Sequelize) {
    ProgramLanguage.init(
      {
        programId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
        language: { type: DataTypes.STRING(2), allowNull: false, primaryKey: true },
      },
      { sequelize, tableName: 'program_languages', underscored: true, timestamps: false },
    );
  }
}
