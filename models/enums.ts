/**
 * Every enumeration of the product specs, defined once and imported by the API, the console and
 * the portal. Values are the spec's upper-case words; the `as const` tuples double as zod enums.
 */
export const ApplicationStatus = [
  'CREATED',
  'APPLIED',
  'WAITING_TO_AGREE',
  'WAITING_TO_SIGN',
  'SIGNED',
  'ENROLLED',
  'REJECTED',
  'ARCHIVED',
  'TRANSFERRED',
  'PARTIAL_WITHDRAWN',
  'WITHDRAWN',
  'CANCELLED',
] as const;
export const EnrollmentStatus = ['ACTIVE', 'WITHDRAWN', 'TRANSFERRED', 'CANCELLED', 'RETAKING'] as const;
export const CommunicationStatus = ['CREATED', 'SCHEDULED', 'DRAFT', 'SENT', 'SENDING', 'FAILED', 'ERROR'] as const;
export const RecipientType = ['BROADCAST', 'SPECIFIC', 'FILTER'] as const;
export const CommunicationKind = ['MESSAGE', 'ALERT'] as const;
export const ScheduleType = ['NOW', 'FUTURE'] as const;
/**
 * A communication template's category (the spec names the field, not its values): what the message is
 * about. MANUAL_NOTIFICATION is every communication staff write (the spec forces it); MARKETING is the
 * one a student may opt out of (communication preferences); the others are transactional.
 */
export const CommunicationCategory = ['ACCOUNT', 'ENROLLMENT', 'BILLING', 'ACADEMIC', 'MANUAL_NOTIFICATION', 'MARKETING'] as const;
/** Where one intent of a communication goes: the student's email, or their inbox in the portal. */
export const CommunicationChannel = ['EMAIL', 'INBOX'] as const;
/** One intent (one recipient, one channel, one attempt): CREATED → SENDING → SENT or FAILED. */
export const IntentStatus = ['CREATED', 'SENDING', 'SENT', 'FAILED'] as const;
/** An email template's category (header and footer): the institute's own, or a program's brand. */
export const EmailTemplateCategory = ['INSTITUTE', 'PROGRAM', 'MARKETING'] as const;
export const CohortStatus = ['CREATED', 'ACTIVE', 'COMPLETED', 'CANCELLED', 'ARCHIVED'] as const;
export const GraduationStatus = ['READY_GRADUATION', 'FAILED_ACADEMICALLY', 'FAILED_FINANCIALLY', 'LATE_GRADUATION', 'GRADUATED', 'PENDING', 'INCOMPLETE'] as const;
export const FinancialStatus = ['GOOD', 'PAST_DUE', 'COLLECTIONS', 'COLLECTIONS_2'] as const;
export const PaymentState = ['PENDING', 'GOOD', 'FAILED'] as const;
export const ExternalPaymentStatus = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export const TransferStatus = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export const RequestStatus = ['REQUESTED', 'APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED'] as const;
export const DisputeStatus = ['PENDING', 'LOST', 'WON'] as const;
export const SyncStatus = ['PENDING', 'IN_PROGRESS', 'ACCEPTED', 'FAILED'] as const;
export const AttendanceStatus = ['ATTENDED', 'ABSENT', 'PENDING'] as const;
/** What a stored file is (issue 20): a student's document, an image of the catalogue or a coach, an export's file. */
export const StoredFilePurpose = ['DOCUMENT', 'IMAGE', 'EXPORT'] as const;
export const PaymentStatus = ['IN_PROGRESS', 'ACCEPTED', 'INVALID', 'DELETED'] as const;
export const PaymentPlanType = ['PAY_IN_FULL', 'INTEREST_BEARING'] as const;
export const PaymentScheduleType = ['FIXED_TERMS', 'FIXED_INSTALLMENT_AMOUNT', 'FIXED_PRINCIPAL_AMOUNT'] as const;
export const PaymentPlanSource = ['APPLICATION', 'WITHDRAWAL'] as const;
/** A student payment plan's life: ACTIVE while owed, COMPLETED when paid off, CONCLUDED when staff close it, CANCELLED when replaced. */
export const StudentPaymentPlanStatus = ['ACTIVE', 'COMPLETED', 'CONCLUDED', 'CANCELLED'] as const;
/** What a payment pays: one schedule entry (INSTALLMENT), principal ahead (PRE_PAY), everything (PAY_OFF); AUTO_PAY and ENROLLMENT are charges the school makes; EXTERNAL is recorded by staff. */
export const PaymentType = ['INSTALLMENT', 'PRE_PAY', 'PAY_OFF', 'AUTO_PAY', 'ENROLLMENT', 'EXTERNAL'] as const;
/** How the money came: a card through the gateway, or a manual payment method (spec §9). */
export const PaymentChannel = ['CARD', 'CHECK', 'WIRE_TRANSFER', 'OTHER'] as const;
export const RefundSource = ['WITHDRAWAL', 'VOUCHER', 'CUSTOM', 'PURCHASE'] as const;
export const RefundType = ['EXTERNAL', 'ONLINE', 'MIXED'] as const;
/** Where the money of a refund is: PENDING until submitted, REFUNDED once paid back, FAILED when the gateway refused. */
export const RefundMoneyStatus = ['PENDING', 'REFUNDED', 'FAILED'] as const;
export const FailedPaymentStatus = ['FAILED', 'RESOLVED'] as const;
export const FailedPaymentSource = ['AUTO_PAY', 'ENROLLMENT', 'ONLINE', 'RETRY'] as const;
/** Account-history line kinds. */
export const LedgerKind = ['PLAN_ISSUED', 'PAYMENT', 'EXTERNAL_PAYMENT', 'REFUND', 'CHARGEBACK', 'TAX', 'ADJUSTMENT'] as const;
/** Card providers of the card-provider history. */
export const GatewayProvider = ['SANDBOX', 'STRIPE', 'AUTHORIZE_NET'] as const;
/** What a card-provider history line records: a charge, a refund, a dispute the card holder opened. */
export const GatewayEventKind = ['CHARGE', 'REFUND', 'DISPUTE'] as const;
/** How the card provider answered: the call went through or not; a dispute is OPENED (PENDING: migrated records still settling). */
export const GatewayEventStatus = ['SUCCEEDED', 'FAILED', 'PENDING', 'OPENED'] as const;
export const BannerLevel = ['SUCCESS', 'INFO', 'WARNING', 'ERROR'] as const;
export const BannerAudience = ['ALL', 'PROGRAM', 'COHORT', 'COACHING_CIRCLE'] as const;
/** The mobile app's platforms (domain rules "Information banners and the mobile app"): settings and app versions are per platform. */
export const MobilePlatform = ['IOS', 'ANDROID'] as const;
export const EnrollmentFlowStep = ['ADMIN_APPROVAL', 'COMPLETE_PERSONAL_INFO', 'QUESTIONNAIRE', 'DOCUMENT_UPLOAD', 'ENROLLMENT_AGREEMENT', 'COMPLETE_ACM_REQUIREMENTS'] as const;
export const DurationType = ['FIXED_DURATION', 'CONTINUOUS_LEARNING'] as const;
export const SessionStatus = ['ACTIVE', 'IDLE', 'INACTIVE'] as const;
export const AdjustmentCategory = ['SCHOLARSHIP', 'FEE', 'PROMO', 'WRITE_OFF', 'TAX', 'INTEREST', 'REFUND', 'OTHER'] as const;
export const AdjustmentType = ['CHARGE', 'CREDIT'] as const;
export const Frequency = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export const FrequencyUnit = ['DAYS', 'WEEKS', 'MONTHS', 'YEARS'] as const;
export const BusinessCategoryName = [
  'ADVANCED',
  'SPECIALTY',
  'HCTP',
  'HCTP_ALUMNI',
  'SAMPLE_CLASS',
  'POST_GRAD_MATERIALS',
  'CIP',
  'COURSE_MIGRATION',
  'CHOPRA_MASTERY',
  'CHOPRA_ENRICHMENT_FOUNDATION',
  'SELLING_GUIDES',
] as const;
/**
 * The program tracks a prospective student may pick when getting started: the business categories a
 * newcomer can enroll in. The rest are for graduates (ADVANCED, HCTP_ALUMNI, POST_GRAD_MATERIALS, CIP)
 * or internal (COURSE_MIGRATION, SELLING_GUIDES).
 */
export const ProgramTrack = ['HCTP', 'SPECIALTY', 'CHOPRA_MASTERY', 'CHOPRA_ENRICHMENT_FOUNDATION', 'SAMPLE_CLASS'] as const satisfies ReadonlyArray<
  (typeof BusinessCategoryName)[number]
>;
export const LmsVendor = ['DOCEBO', 'D2L', 'CANVAS', 'INTERNAL'] as const;
export const ManualPaymentMethod = ['CHECK', 'WIRE_TRANSFER', 'OTHER'] as const;
export const WithdrawalKind = ['specialty', 'hctp', 'alumni', 'advanced', 'cip', 'chopra'] as const;
export const VoucherDiscountKind = ['PERCENT_OFF', 'AMOUNT_OFF'] as const;
export const VoucherScope = ['ALL', 'EMAIL_IDS'] as const;
export const Gender = ['MALE', 'FEMALE', 'NON_BINARY', 'PREFER_NOT_TO_SAY'] as const;
export const TimeOfDay = ['EARLY_MORNING', 'MORNING', 'AFTERNOON', 'EVENING'] as const;
export const Language = ['EN', 'ES'] as const;

/** How a product is sold: the HCTP enrollment, a program-driven (DYNAMIC) enrollment, or a plain purchase. */
export const ProductFlowType = ['HCTP', 'DYNAMIC', 'PURCHASE'] as const;
/** What a graduation requirement counts. */
export const GraduationRequirementType = ['QUIZ', 'ASSIGNMENT', 'MODULE', 'COACHING_CIRCLE', 'LEARNING_SESSION', 'OTHER'] as const;
/** Extra products sold beside a program (spec §9: transcripts, certificates, makeup sessions and others). */
export const ExtraProductType = ['TRANSCRIPT', 'CERTIFICATE', 'MAKEUP_SESSION', 'BOOK', 'OTHER'] as const;
export const ExtraProductPriceType = ['FIXED', 'FREE'] as const;
/** The kinds of LMS grade category a graduation requirement can point at. */
export const LmsCategoryKind = ['QUIZ', 'ASSIGNMENT'] as const;

/** Account kinds over the one users table (domain rules, "People and accounts"). */
export const UserKind = ['ADMIN', 'STUDENT', 'COACH'] as const;

/** The education levels offered in the profile form. */
export const EducationLevel = ['HIGH_SCHOOL', 'SOME_COLLEGE', 'ASSOCIATE', 'BACHELOR', 'MASTER', 'DOCTORATE', 'OTHER'] as const;

/** Where a student came from (application source). */
/** Where an application came from; TRANSFER: made by an accepted transfer (api/transfers). */
export const ApplicationSource = ['WEBSITE', 'PHONE', 'REFERRAL', 'EVENT', 'SOCIAL_MEDIA', 'STAFF', 'MIGRATION', 'TRANSFER', 'OTHER'] as const;

/** Activity-log categories and event types. */
export const ActivityCategory = ['ACCOUNT', 'PROFILE', 'SECURITY', 'ENROLLMENT', 'BILLING', 'COMMUNICATION', 'ADMINISTRATION'] as const;
export const ActivityType = [
  'CREATED',
  'UPDATED',
  'DELETED',
  'EMAIL_CHANGED',
  'ACTIVATED',
  'DEACTIVATED',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'SIGNED_IN',
  'LOGGED_OUT',
  'MERGED',
  'ROLES_CHANGED',
  'SIGNED',
  'VOIDED',
  // The system's own events on a student's timeline: the plan issued on ENROLLED, card payments, emails to the student's address.
  'PLAN_ISSUED',
  'PAYMENT_ACCEPTED',
  'PAYMENT_FAILED',
  'EMAIL_SENT',
  'EMAIL_FAILED',
  'GRADUATED',
  // Purchases (issue 21): an extra product or a coach's product paid by card, or its charge declined.
  'PURCHASE_PAID',
  'PURCHASE_FAILED',
] as const;
/** The kinds of record an activity-log entry is about (its entityType); each has a label, so a new kind is named in both languages. */
export const ActivityEntityType = [
  'STUDENT',
  'USER',
  'ADMINISTRATOR',
  'ROLE',
  'APPLICATION',
  'APPLICATION_VOUCHER',
  'ENVELOPE',
  'PAYMENT_METHOD',
  'PAYMENT',
  'PAYMENT_PLAN',
  'PAYMENT_SCHEDULE',
  'EXTERNAL_PAYMENT',
  'REFUND',
  'DISPUTE',
  'VOUCHER',
  'BUSINESS_CATEGORY',
  'ACCOUNTING_LINE',
  'BUSINESS_CATEGORY_PAYMENT_PLAN',
  'PROGRAM',
  'PROGRAM_MODULE',
  'PROGRAM_PAYMENT_PLAN',
  'GRADUATION_REQUIREMENT',
  'EXTRA_PRODUCT',
  'MODULE_GROUP',
  'COHORT',
  'COHORT_MODULE',
  'SKIPPED_CC_SESSION',
  'PRODUCT',
  'PRODUCT_PAYMENT_PLAN',
  'PAYMENT_PLAN_ADJUSTMENT',
  'OUTBOX_MESSAGE',
  'INFORMATION_BANNER',
  'MOBILE_APP_CONFIGURATION',
  'APP_VERSION',
  'EMAIL_TEMPLATE',
  'COMMUNICATION_TEMPLATE',
  'COMMUNICATION_TEMPLATE_CONTENT',
  'TRANSFER',
  'WITHDRAWAL',
  'COACH',
  // Issue 19 (coach-portal): the circles' and learning sessions' own entries.
  'COACHING_CIRCLE',
  'COACHING_CIRCLE_TYPE',
  'LEARNING_SESSION',
  // Issue 21 (lms): learning-system connections.
  'LMS_CONNECTION',
  'ENROLLMENT',
  'CERTIFICATE',
  // Issue 21 (purchases): extra-product purchases, coaches' products, their sign-ups and purchases.
  'PURCHASE',
  'COACH_PRODUCT',
  'COACH_PRODUCT_SIGN_UP',
  'COACH_PRODUCT_PURCHASE',
] as const;

/** Kinds of saved filter (back-office spec §7, "Saved filters"). */
export const SearchFilterKind = [
  'students',
  'applications',
  'cohorts',
  'products',
  'programs',
  'transfers',
  'withdrawals',
  'coaches',
  'coaching_circle',
  'academic_progress',
  'graduations',
  'certifications',
  'communications',
] as const;

/** Lookup types served by GET /api/public/lookups. */
export const LookupType = [
  'GENDER',
  'EDUCATION_LEVEL',
  'LANGUAGE',
  'APPLICATION_SOURCE',
  'BUSINESS_CATEGORY',
  'COUNTRY',
  'US_STATE',
  'TIME_OF_DAY',
  'MANUAL_PAYMENT_METHOD',
  'ADJUSTMENT_CATEGORY',
] as const;

export const RoleName = ['SUPER_ADMIN', 'FINANCE', 'ADMISSIONS', 'ACADEMIC', 'SUPPORT'] as const;

/** Scheduled jobs (issue 16): the job types of the catalogue, a schedule's status, a run's outcome and what started it. */
export const JobType = [
  'FINANCIAL_STATUS_RECOMPUTE',
  'AUTO_PAY',
  'FAILED_PAYMENT_RETRY',
  'INSTALLMENT_REMINDER',
  'PAST_DUE_NOTICE',
  'COHORT_STATUS',
  'CRM_DELIVERY_RETRY',
  'CLEANUP',
  'DOMAIN_EVENT_DISPATCH',
  'COMMUNICATION_DISPATCH',
  'CIRCLE_SESSION_REMINDERS',
  'LEARNING_SESSION_AUTO_PUBLISH',
  'FILE_EXPORT',
  'LMS_TOKEN_REFRESH',
  'GRADUATION_STATUS',
  'ANALYTICS_REFRESH',
] as const;
export const JobStatus = ['ACTIVE', 'PAUSED'] as const;
export const JobRunOutcome = ['RUNNING', 'SUCCEEDED', 'FAILED', 'ABANDONED'] as const;
export const JobRunTrigger = ['SCHEDULE', 'MANUAL'] as const;
/** Domain events (api/common/events.ts): a delivery's status, the event types, the handlers (api/events.ts). */
export const DomainEventStatus = ['PENDING', 'DONE', 'FAILED'] as const;
export const DomainEventType = [
  'ApplicationStatusChanged',
  'PlanIssued',
  'AgreementSigned',
  'PaymentAccepted',
  'PaymentFailed',
  'RefundCompleted',
  'TransferDecided',
  'WithdrawalDecided',
  'CircleAttendanceTaken',
  'StudentGraduated',
  'LearningSessionAttendanceTaken',
] as const;
export const DomainEventHandler = [
  'enrollments.followApplicationStatus',
  'applications.issuePlanOnEnrolled',
  'payments.chargeEnrollmentDeposit',
  'vouchers.recountOnClosedApplication',
  'applications.notifyCrm',
  'applications.advanceOnAgreementSigned',
  'communications.paymentReceipt',
  'communications.paymentFailed',
  'communications.refundIssued',
  'communications.transferDecided',
  'communications.withdrawalDecided',
  'withdrawals.completeOnRefund',
  'circleSignUps.absenceAlert',
  'lms.enrollOnEnrolled',
  'lms.unenrollOnLeaving',
  'lms.moveOnTransfer',
  'lms.unenrollOnWithdrawal',
  'academics.issueCertificate',
  'academics.circleAttendanceProgress',
  'academics.learningSessionProgress',
] as const;

/** Learning sessions (issue 19): the kinds of session staff schedule. */
export const LearningSessionType = ['WORKSHOP', 'Q_AND_A', 'WEBINAR', 'OFFICE_HOURS'] as const;

export type Of<T extends readonly string[]> = T[number];

/** Coaching circles (issue 19): what a circle lacks to be published. */
export const CirclePublishRequirement = ['SESSIONS', 'COACHES', 'SCOPE', 'WEB_CONFERENCE_URL'] as const;
/** Exports (issue 20, api/exports): an export's status and its kinds (platform spec §7 "File export and files"; `payment_plans_csv` is the console's plain plans export). */
export const FileExportStatus = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export const FileExportType = [
  'students_csv',
  'customers_csv',
  'administrators_csv',
  'coaches_csv',
  'collections_csv',
  'payment_plans_csv',
  'migrated_payment_plans_csv',
  'coaching_circle_attendance_csv',
  'coaching_circle_simplified_csv',
  'graduations_csv',
  'certifications_csv',
  'extra_product-purchases_csv',
  'academic_progress_csv',
] as const;
/**
 * Learning systems (issue 21, api/lms): a connection's status (CONNECTED only once its credentials were
 * checked and worked), what a sync run does, a run's outcome, and an LMS enrollment's wanted state and
 * delivery status.
 */
export const LmsConnectionStatus = ['CONNECTED', 'DISCONNECTED', 'AUTHORIZATION_REQUIRED', 'ERROR'] as const;
export const LmsSyncKind = ['PROGRAM_FROM_LMS', 'PROGRAM_ACADEMIC_STATUS', 'PROGRAM_TOPIC_VIDEOS', 'COHORT_FROM_LMS', 'COHORT_MODULES'] as const;
export const LmsSyncStatus = ['RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export const LmsEnrollmentAction = ['ENROLL', 'UNENROLL'] as const;
export const LmsEnrollmentStatus = ['PENDING', 'DONE', 'FAILED'] as const;

/** Issue 21 (academics): where a requirement's progress came from (the LMS sync, attendance, or staff by hand). */
export const ProgressSource = ['LMS', 'ATTENDANCE', 'STAFF'] as const;
/** Issue 21 (academics): a certificate's issuing status, the provider that issued it, and the kinds of award the portal filters by. */
export const CertificateStatus = ['PENDING', 'ISSUED', 'FAILED'] as const;
export const CertificateProviderName = ['LOCAL', 'ACCREDIBLE'] as const;
export const AwardType = ['CERTIFICATE', 'BADGE'] as const;

/** Purchases (issue 21): an extra product bought for an enrollment, or a coach's product. PENDING while the gateway is asked (an unknown outcome stays so). */
export const PurchaseStatus = ['PENDING', 'PAID', 'FAILED', 'REFUNDED'] as const;
/** The kinds of a coach's own product (issue 21). */
export const CoachProductType = ['SINGLE_SESSION', 'SESSION_PACKAGE', 'GROUP_PROGRAM'] as const;
/** A customer's sign-up for a coach's product: PENDING_PAYMENT while its charge runs, ACTIVE while sessions remain, COMPLETED once all were held, PAYMENT_FAILED when its charge was declined, CANCELLED by the coach or staff. */
export const CoachProductSignUpStatus = ['PENDING_PAYMENT', 'ACTIVE', 'COMPLETED', 'PAYMENT_FAILED', 'CANCELLED'] as const;
