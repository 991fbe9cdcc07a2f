import { Sequelize, Transaction, type Options } from 'sequelize';
import { AccountingLine } from './AccountingLine';
import { ActivityLog } from './ActivityLog';
import { Administrator } from './Administrator';
import { AdministratorRole } from './AdministratorRole';
import { associate } from './associations';
import { BusinessCategory } from './BusinessCategory';
import { BusinessCategoryPaymentPlan } from './BusinessCategoryPaymentPlan';
import { Coach } from './Coach';
import { CoachingCircleType } from './CoachingCircleType';
import { CoachingCircle } from './CoachingCircle';
import { CoachingCircleScope } from './CoachingCircleScope';
import { CoachingCircleSession } from './CoachingCircleSession';
import { CoachingCircleCoach } from './CoachingCircleCoach';
import { CoachingCircleSignUp } from './CoachingCircleSignUp';
import { CoachingCircleSignUpSession } from './CoachingCircleSignUpSession';
import { Lookup } from './Lookup';
import { OutboxMessage } from './OutboxMessage';
import { PasswordToken } from './PasswordToken';
import { RefreshToken } from './RefreshToken';
import { Role } from './Role';
import { SearchFilter } from './SearchFilter';
import { Student } from './Student';
import { User } from './User';
import { UserViewHistory } from './UserViewHistory';
import { VerificationCode } from './VerificationCode';
import { Program } from './Program';
import { ProgramLanguage } from './ProgramLanguage';
import { ProgramBundleItem } from './ProgramBundleItem';
import { LmsCategory } from './LmsCategory';
import { GraduationRequirement } from './GraduationRequirement';
import { EnrollmentFlowRequirement } from './EnrollmentFlowRequirement';
import { ProgramPaymentPlan } from './ProgramPaymentPlan';
import { ProgramPaymentPlanLine } from './ProgramPaymentPlanLine';
import { ExtraProduct } from './ExtraProduct';
import { ModuleGroup } from './ModuleGroup';
import { ProgramModule } from './ProgramModule';
import { Cohort } from './Cohort';
import { CohortModule } from './CohortModule';
import { SkippedCoachingCircleSession } from './SkippedCoachingCircleSession';
import { Product } from './Product';
import { ProductItem } from './ProductItem';
import { ProductPaymentPlan } from './ProductPaymentPlan';
import { PaymentPlanAdjustment } from './PaymentPlanAdjustment';
import { Voucher } from './Voucher';
import { PaymentMethod } from './PaymentMethod';
import { Application } from './Application';
import { ApplicationCohort } from './ApplicationCohort';
import { ApplicationStep } from './ApplicationStep';
import { ApplicationAnswer } from './ApplicationAnswer';
import { ApplicationComment } from './ApplicationComment';
import { CrmNotification } from './CrmNotification';
import { Envelope } from './Envelope';
import { Enrollment } from './Enrollment';
import { StudentPaymentPlan } from './StudentPaymentPlan';
import { PaymentSchedule } from './PaymentSchedule';
import { ApplicationVoucher } from './ApplicationVoucher';
import { Payment } from './Payment';
import { PaymentAllocation } from './PaymentAllocation';
import { LedgerEntry } from './LedgerEntry';
import { ExternalPayment } from './ExternalPayment';
import { Refund } from './Refund';
import { RefundTransaction } from './RefundTransaction';
import { Dispute } from './Dispute';
import { FailedPayment } from './FailedPayment';
import { GatewayEvent } from './GatewayEvent';
import { SignInFailure } from './SignInFailure';
import { JobSchedule } from './JobSchedule';
import { JobRun } from './JobRun';
import { NoticeSent } from './NoticeSent';
import { AutoChargeAttempt } from './AutoChargeAttempt';
import { DomainEvent } from './DomainEvent';
import { EmailTemplate } from './EmailTemplate';
import { CommunicationTemplate } from './CommunicationTemplate';
import { CommunicationTemplateContent } from './CommunicationTemplateContent';
import { Communication } from './Communication';
import { CommunicationIntent } from './CommunicationIntent';
import { InformationBanner } from './InformationBanner';
import { InformationBannerCohort } from './InformationBannerCohort';
import { BannerDismissal } from './BannerDismissal';
import { MobileAppConfiguration } from './MobileAppConfiguration';
import { AppVersion } from './AppVersion';
import { Transfer } from './Transfer';
import { Withdrawal } from './Withdrawal';
import { WithdrawalSetting } from './WithdrawalSetting';
import { CoachComment } from './CoachComment';
import { LearningSession } from './LearningSession';
import { LearningSessionScope } from './LearningSessionScope';
import { LearningSessionSignUp } from './LearningSessionSignUp';
import { StoredFile } from './StoredFile';
import { FileExport } from './FileExport';
import { LmsConnection } from './LmsConnection';
import { LmsSyncRun } from './LmsSyncRun';
import { LmsUser } from './LmsUser';
import { LmsEnrollment } from './LmsEnrollment';
import { LmsGrade } from './LmsGrade';
import { ProgramModuleTopic } from './ProgramModuleTopic';
import { AcademicProgress } from './AcademicProgress';
import { Certificate } from './Certificate';
import { Purchase } from './Purchase';
import { CoachProduct } from './CoachProduct';
import { CoachProductSignUp } from './CoachProductSignUp';
import { CoachProductPurchase } from './CoachProductPurchase';
import { ModuleBookmark } from './ModuleBookmark';

export {
  AccountingLine,
  BusinessCategoryPaymentPlan,
  ActivityLog,
  Administrator,
  AdministratorRole,
  BusinessCategory,
  Coach,
  CoachingCircleType,
  CoachingCircle,
  CoachingCircleScope,
  CoachingCircleSession,
  CoachingCircleCoach,
  CoachingCircleSignUp,
  CoachingCircleSignUpSession,
  Lookup,
  OutboxMessage,
  PasswordToken,
  RefreshToken,
  Role,
  SearchFilter,
  Student,
  User,
  UserViewHistory,
  VerificationCode,
  Program,
  ProgramLanguage,
  ProgramBundleItem,
  LmsCategory,
  GraduationRequirement,
  EnrollmentFlowRequirement,
  ProgramPaymentPlan,
  ProgramPaymentPlanLine,
  ExtraProduct,
  ModuleGroup,
  ProgramModule,
  Cohort,
  CohortModule,
  SkippedCoachingCircleSession,
  Product,
  ProductItem,
  ProductPaymentPlan,
  PaymentPlanAdjustment,
  Voucher,
  PaymentMethod,
  Application,
  ApplicationCohort,
  ApplicationStep,
  ApplicationAnswer,
  ApplicationComment,
  CrmNotification,
  Envelope,
  Enrollment,
  StudentPaymentPlan,
  PaymentSchedule,
  ApplicationVoucher,
  Payment,
  PaymentAllocation,
  LedgerEntry,
  ExternalPayment,
  Refund,
  RefundTransaction,
  Dispute,
  FailedPayment,
  GatewayEvent,
  SignInFailure,
  JobSchedule,
  JobRun,
  NoticeSent,
  AutoChargeAttempt,
  DomainEvent,
  EmailTemplate,
  CommunicationTemplate,
  CommunicationTemplateContent,
  Communication,
  CommunicationIntent,
  InformationBanner,
  InformationBannerCohort,
  BannerDismissal,
  MobileAppConfiguration,
  AppVersion,
  Transfer,
  Withdrawal,
  WithdrawalSetting,
  CoachComment,
  LearningSession,
  LearningSessionScope,
  LearningSessionSignUp,
  StoredFile,
  FileExport,
  LmsConnection,
  LmsSyncRun,
  LmsUser,
  LmsEnrollment,
  LmsGrade,
  ProgramModuleTopic,
  AcademicProgress,
  Certificate,
  Purchase,
  CoachProduct,
  CoachProductSignUp,
  CoachProductPurchase,
  ModuleBookmark,
};

export interface DatabaseOptions {
  logging?: (sql: string) => void;
  poolMax?: number;
}

/**
 * One Sequelize for a DATABASE_URL: `sqlite:path/file.sqlite`, `sqlite::memory:`, or
 * `mysql://user:pass@host:3306/db` (also `mariadb://`, served by the mysql2 driver).
 */
export function createSequelize(url: string, opts: DatabaseOptions = {}): Sequelize {
  const common: Options = {
    logging: opts.logging ?? false,
    define: { underscored: true },
    benchmark: false,
  };
  if (url.startsWith('sqlite:')) {
    const storage = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '') || ':memory:';
    const sequelize = new Sequelize({ ...common, dialect: 'sqlite', storage, transactionType: Transaction.TYPES.IMMEDIATE, retry: SQLITE_BUSY_RETRY });
    configureSqliteConnections(sequelize);
    return sequelize;
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    return new Sequelize(url.replace(/^mariadb:/, 'mysql:'), {
      ...common,
      dialect: 'mysql',
      timezone: '+00:00',
      // multipleStatements: the payment pipeline sends its statements in batches (api/common/sql.ts runStatements);
      // every statement is built with escaped values, none from request text (docs/decisions.md).
      dialectOptions: { decimalNumbers: true, supportBigNumbers: true, charset: 'utf8mb4', multipleStatements: true },
      pool: { max: opts.poolMax ?? 10, min: 0, idle: 10_000, acquire: 30_000 },
    });
  }
  throw new Error(`Unsupported DATABASE_URL (expected sqlite: or mysql://): ${url.replace(/\/\/[^@]*@/, '//***@')}`);
}

/**
 * SQLite: a statement that finds the write lock taken waits SQLITE_BUSY_MS inside its libuv thread
 * (node-sqlite3 runs every statement on one of libuv's 4 threads), then Sequelize tries it again
 * after a pause in JavaScript, for about 15 s in all. A long wait inside the thread would starve the
 * transaction that holds the lock: with four waiters asleep there, its next statement has no thread
 * to run on until they give up (tests/api/sql.test.ts "many writers at once").
 */
const SQLITE_BUSY_MS = 20;
const SQLITE_BUSY_RETRY = { max: 120, backoffBase: 10, backoffExponent: 1.03, backoffJitter: 5, match: ['SQLITE_BUSY: database is locked', /SQLITE_BUSY/] };

/** SQLite: wait for locks (see SQLITE_BUSY_MS), and let readers run beside one writer. */
function configureSqliteConnections(sequelize: Sequelize): void {
  const manager = sequelize.connectionManager as unknown as { getConnection(o?: unknown): Promise<SqliteConnection> };
  const original = manager.getConnection.bind(manager);
  manager.getConnection = async (options?: unknown) => {
    const connection = await original(options);
    if (!connection.__configured) {
      connection.__configured = true;
      connection.configure('busyTimeout', SQLITE_BUSY_MS);
      await new Promise<void>((resolve) => connection.run('PRAGMA journal_mode=WAL', () => resolve()));
    }
    return connection;
  };
}
interface SqliteConnection {
  __configured?: boolean;
  configure(option: 'busyTimeout', value: number): void;
  run(sql: string, cb: () => void): void;
}

let initialised: Sequelize | null = null;

/** Initialises every model on this Sequelize and wires associations (once per process). */
export function initModels(sequelize: Sequelize): void {
  if (initialised === sequelize) return;
  for (const model of [
    User,
    Role,
    Administrator,
    AdministratorRole,
    Student,
    Coach,
    RefreshToken,
    PasswordToken,
    VerificationCode,
    ActivityLog,
    SearchFilter,
    UserViewHistory,
    Lookup,
    BusinessCategory,
    OutboxMessage,
    AccountingLine,
    BusinessCategoryPaymentPlan,
    Program,
    ProgramLanguage,
    ProgramBundleItem,
    LmsCategory,
    GraduationRequirement,
    EnrollmentFlowRequirement,
    ProgramPaymentPlan,
    ProgramPaymentPlanLine,
    ExtraProduct,
    ModuleGroup,
    ProgramModule,
    Cohort,
    CohortModule,
    SkippedCoachingCircleSession,
    CoachingCircleType,
    CoachingCircle,
    CoachingCircleScope,
    CoachingCircleSession,
    CoachingCircleCoach,
    CoachingCircleSignUp,
    CoachingCircleSignUpSession,
    Product,
    ProductItem,
    ProductPaymentPlan,
    PaymentPlanAdjustment,
    Voucher,
    PaymentMethod,
    Application,
    ApplicationCohort,
    ApplicationStep,
    ApplicationAnswer,
    ApplicationComment,
    CrmNotification,
    Envelope,
    Enrollment,
    StudentPaymentPlan,
    PaymentSchedule,
    ApplicationVoucher,
    Payment,
    PaymentAllocation,
    LedgerEntry,
    ExternalPayment,
    Refund,
    RefundTransaction,
    Dispute,
    FailedPayment,
    GatewayEvent,
    SignInFailure,
    JobSchedule,
    JobRun,
    NoticeSent,
    AutoChargeAttempt,
    DomainEvent,
    EmailTemplate,
    CommunicationTemplate,
    CommunicationTemplateContent,
    Communication,
    CommunicationIntent,
    InformationBanner,
    InformationBannerCohort,
    BannerDismissal,
    MobileAppConfiguration,
    AppVersion,
    Transfer,
    Withdrawal,
    WithdrawalSetting,
    CoachComment,
    LearningSession,
    LearningSessionScope,
    LearningSessionSignUp,
    StoredFile,
    FileExport,
    LmsConnection,
    LmsSyncRun,
    LmsUser,
    LmsEnrollment,
    LmsGrade,
    ProgramModuleTopic,
    AcademicProgress,
    Certificate,
    Purchase,
    CoachProduct,
    CoachProductSignUp,
    CoachProductPurchase,
    ModuleBookmark,
  ]) {
    model.initModel(sequelize);
  }
  associate();
  initialised = sequelize;
}
