import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import type { CohortStatus, Of } from './enums';
import { auditAttributes, commonOptions, jsonText } from './base';
import type { BusinessCategory } from './BusinessCategory';
import type { Program } from './Program';

/**
 * A class of a program (back-office spec §3). `label` is stored so keyword search and sorting use
 * an index: the custom name, else the program name with start and end dates (continuous-learning
 * programs omit the dates). `businessCategoryId` copies the program's, for the indexed filter.
 */
export class Cohort extends Model<InferAttributes<Cohort>, InferCreationAttributes<Cohort>> {
  declare id: CreationOptional<number>;
  declare programId: number;
  declare businessCategoryId: number;
  declare status: CreationOptional<Of<typeof CohortStatus>>;
  declare startDate: string | null;
  declare endDate: string | null;
  declare extendedGraduationDate: string | null;
  declare courseAccessStartDateTime: Date | null;
  declare courseAccessEndDateTime: Date | null;
  declare description: string | null;
  declare image: string | null;
  declare customName: string | null;
  declare label: string;
  declare deleted: CreationOptional<boolean>;
  declare d2lSectionId: string | null;
  declare iinLmsCoursePath: string | null;
  declare salesforceProductId: string | null;
  declare published: CreationOptional<boolean>;
  declare maxStudents: number | null;
  declare useCoachingCircle: CreationOptional<boolean>;
  declare accessDisabled: CreationOptional<boolean>;
  declare coachingCircleOpenDate: Date | null;
  declare coachingCircleCloseDate: Date | null;
  declare sessionOpenDate: Date | null;
  declare sessionCloseDate: Date | null;
  declare doceboLearningPlanIds: CreationOptional<string[]>;
  declare doceboCourseIds: CreationOptional<string[]>;
  declare lmsConnectionId: CreationOptional<number | null>;
  declare updatedById: number | null;
  declare updatedByName: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare program?: NonAttribute<Program>;
  declare businessCategory?: NonAttribute<BusinessCategory>;

  static initModel(sequelize: Sequelize) {
    const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
    const day = () => ({ type: DataTypes.DATEONLY, allowNull: true });
    const time = () => ({ type: DataTypes.DATE(3), allowNull: true });
    const str = (n: number) => ({ type: DataTypes.STRING(n), allowNull: true });
    Cohort.init(
      {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        programId: { type: DataTypes.INTEGER, allowNull: false },
        businessCategoryId: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'CREATED' },
        startDate: day(),
        endDate: day(),
        extendedGraduationDate: day(),
        courseAccessStartDateTime: time(),
        courseAccessEndDateTime: time(),
        description: { type: DataTypes.TEXT, allowNull: true },
        image: str(500),
        customName: str(200),
        label: { type: DataTypes.STRING(300), allowNull: false },
        deleted: flag(),
        d2lSectionId: { type: DataTypes.STRING(40), allowNull: true, field: 'd2l_section_id' },
        iinLmsCoursePath: str(500),
        salesforceProductId: str(40),
        published: flag(),
        maxStudents: { type: DataTypes.INTEGER, allowNull: true },
        useCoachingCircle: flag(),
        accessDisabled: flag(),
        coachingCircleOpenDate: time(),
        coachingCircleCloseDate: time(),
        sessionOpenDate: time(),
        sessionCloseDate: time(),
        doceboLearningPlanIds: jsonText('doceboLearningPlanIds', []),
        doceboCourseIds: jsonText('doceboCourseIds', []),
        lmsConnectionId: { type: DataTypes.INTEGER, allowNull: true },
        ...auditAttributes,
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'cohorts', ...commonOptions },
    );
  }
}
