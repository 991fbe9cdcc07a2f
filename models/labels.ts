/**
 * Human labels, in English and Spanish, for every enumeration of `./enums`. Shared by the console
 * and the portal, so it must stay browser-safe: it imports nothing except `./enums`.
 */
import * as Enums from './enums';

export type LabelLocale = 'en' | 'es';

type EnumModule = typeof Enums;

/** Names of the exports of `./enums` that are readonly string tuples. */
export type EnumName = {
  [K in keyof EnumModule]: EnumModule[K] extends readonly string[] ? K : never;
}[keyof EnumModule];

/** The values of one enumeration. */
export type EnumValue<K extends EnumName> = EnumModule[K] extends readonly (infer V extends string)[] ? V : never;

/** One label per value of every enumeration: a missing (or extra) value is a type error. */
export type Labels = { readonly [K in EnumName]: { readonly [V in EnumValue<K>]: string } };

const en = {
  ApplicationStatus: {
    CREATED: 'Created',
    APPLIED: 'Applied',
    WAITING_TO_AGREE: 'Waiting to agree',
    WAITING_TO_SIGN: 'Waiting to sign',
    SIGNED: 'Signed',
    ENROLLED: 'Enrolled',
    REJECTED: 'Rejected',
    ARCHIVED: 'Archived',
    TRANSFERRED: 'Transferred',
    PARTIAL_WITHDRAWN: 'Partially withdrawn',
    WITHDRAWN: 'Withdrawn',
    CANCELLED: 'Cancelled',
  },
  EnrollmentStatus: {
    ACTIVE: 'Active',
    WITHDRAWN: 'Withdrawn',
    TRANSFERRED: 'Transferred',
    CANCELLED: 'Cancelled',
    RETAKING: 'Retaking',
  },
  CommunicationStatus: {
    CREATED: 'Created',
    SCHEDULED: 'Scheduled',
    DRAFT: 'Draft',
    SENT: 'Sent',
    SENDING: 'Sending',
    FAILED: 'Failed',
    ERROR: 'Error',
  },
  RecipientType: {
    BROADCAST: 'Broadcast',
    SPECIFIC: 'Specific',
    FILTER: 'Filter',
  },
  CommunicationKind: {
    MESSAGE: 'Message',
    ALERT: 'Alert',
  },
  ScheduleType: {
    NOW: 'Now',
    FUTURE: 'Future',
  },
  CommunicationCategory: {
    ACCOUNT: 'Account',
    ENROLLMENT: 'Enrollment',
    BILLING: 'Billing',
    ACADEMIC: 'Academic',
    MANUAL_NOTIFICATION: 'Manual notification',
    MARKETING: 'Marketing',
  },
  CommunicationChannel: {
    EMAIL: 'Email',
    INBOX: 'Portal inbox',
  },
  IntentStatus: {
    CREATED: 'Created',
    SENDING: 'Sending',
    SENT: 'Sent',
    FAILED: 'Failed',
  },
  EmailTemplateCategory: {
    INSTITUTE: 'Institute',
    PROGRAM: 'Program',
    MARKETING: 'Marketing',
  },
  CohortStatus: {
    CREATED: 'Created',
    ACTIVE: 'Active',
    COMPLETED: 'Completed',
    CANCELLED: 'Cancelled',
    ARCHIVED: 'Archived',
  },
  GraduationStatus: {
    READY_GRADUATION: 'Ready for graduation',
    FAILED_ACADEMICALLY: 'Failed academically',
    FAILED_FINANCIALLY: 'Failed financially',
    LATE_GRADUATION: 'Late graduation',
    GRADUATED: 'Graduated',
    PENDING: 'Pending',
    INCOMPLETE: 'Incomplete',
  },
  FinancialStatus: {
    GOOD: 'Good',
    PAST_DUE: 'Past due',
    COLLECTIONS: 'Collections',
    COLLECTIONS_2: 'Collections 2',
  },
  PaymentState: {
    PENDING: 'Pending',
    GOOD: 'Good',
    FAILED: 'Failed',
  },
  ExternalPaymentStatus: {
    PENDING: 'Pending',
    ACCEPTED: 'Accepted',
    REJECTED: 'Rejected',
  },
  TransferStatus: {
    PENDING: 'Pending',
    ACCEPTED: 'Accepted',
    REJECTED: 'Rejected',
  },
  RequestStatus: {
    REQUESTED: 'Requested',
    APPROVED: 'Approved',
    REJECTED: 'Rejected',
    COMPLETED: 'Completed',
    CANCELLED: 'Cancelled',
  },
  DisputeStatus: {
    PENDING: 'Pending',
    LOST: 'Lost',
    WON: 'Won',
  },
  SyncStatus: {
    PENDING: 'Pending',
    IN_PROGRESS: 'In progress',
    ACCEPTED: 'Accepted',
    FAILED: 'Failed',
  },
  AttendanceStatus: {
    ATTENDED: 'Attended',
    ABSENT: 'Absent',
    PENDING: 'Pending',
  },
  PaymentStatus: {
    IN_PROGRESS: 'In progress',
    ACCEPTED: 'Accepted',
    INVALID: 'Invalid',
    DELETED: 'Deleted',
  },
  // Spec: "Payment plan label is 'Pay in' plus its type."
  PaymentPlanType: {
    PAY_IN_FULL: 'Pay in full',
    INTEREST_BEARING: 'Interest bearing',
  },
  PaymentScheduleType: {
    FIXED_TERMS: 'Fixed terms',
    FIXED_INSTALLMENT_AMOUNT: 'Fixed installment amount',
    FIXED_PRINCIPAL_AMOUNT: 'Fixed principal amount',
  },
  PaymentPlanSource: {
    APPLICATION: 'Application',
    WITHDRAWAL: 'Withdrawal',
  },
  BannerLevel: {
    SUCCESS: 'Success',
    INFO: 'Info',
    WARNING: 'Warning',
    ERROR: 'Error',
  },
  BannerAudience: {
    ALL: 'All',
    PROGRAM: 'Program',
    COHORT: 'Cohort',
    COACHING_CIRCLE: 'Coaching circle',
  },
  MobilePlatform: {
    IOS: 'iOS',
    ANDROID: 'Android',
  },
  EnrollmentFlowStep: {
    ADMIN_APPROVAL: 'Admin approval',
    COMPLETE_PERSONAL_INFO: 'Complete personal info',
    QUESTIONNAIRE: 'Questionnaire',
    DOCUMENT_UPLOAD: 'Document upload',
    ENROLLMENT_AGREEMENT: 'Enrollment agreement',
    COMPLETE_ACM_REQUIREMENTS: 'Complete ACM requirements',
  },
  // Fixed duration reads 'Accelerated (6 Months)' when the program is accelerated: see durationTypeLabel.
  DurationType: {
    FIXED_DURATION: '12 Months',
    CONTINUOUS_LEARNING: 'Continuous learning',
  },
  SessionStatus: {
    ACTIVE: 'Active',
    IDLE: 'Idle',
    INACTIVE: 'Inactive',
  },
  AdjustmentCategory: {
    SCHOLARSHIP: 'Scholarship',
    FEE: 'Fee',
    PROMO: 'Promotion',
    WRITE_OFF: 'Write-off',
    TAX: 'Tax',
    INTEREST: 'Interest',
    REFUND: 'Refund',
    OTHER: 'Other',
  },
  AdjustmentType: {
    CHARGE: 'Charge',
    CREDIT: 'Credit',
  },
  Frequency: {
    DAILY: 'Daily',
    WEEKLY: 'Weekly',
    MONTHLY: 'Monthly',
    YEARLY: 'Yearly',
  },
  FrequencyUnit: {
    DAYS: 'Days',
    WEEKS: 'Weeks',
    MONTHS: 'Months',
    YEARS: 'Years',
  },
  BusinessCategoryName: {
    ADVANCED: 'Advanced',
    SPECIALTY: 'Specialty',
    HCTP: 'HCTP',
    HCTP_ALUMNI: 'HCTP alumni',
    SAMPLE_CLASS: 'Sample class',
    POST_GRAD_MATERIALS: 'Post-grad materials',
    CIP: 'CIP',
    COURSE_MIGRATION: 'Course migration',
    CHOPRA_MASTERY: 'Chopra Mastery',
    CHOPRA_ENRICHMENT_FOUNDATION: 'Chopra Enrichment Foundation',
    SELLING_GUIDES: 'Selling guides',
  },
  // What a prospective student reads when choosing a track (no internal acronyms).
  ProgramTrack: {
    HCTP: 'Health Coach Training Program',
    SPECIALTY: 'Specialty courses',
    CHOPRA_MASTERY: 'Chopra mastery programs',
    CHOPRA_ENRICHMENT_FOUNDATION: 'Chopra enrichment and foundation programs',
    SAMPLE_CLASS: 'A free sample class',
  },
  LmsVendor: {
    DOCEBO: 'Docebo',
    D2L: 'D2L',
    CANVAS: 'Canvas',
    INTERNAL: 'Internal',
  },
  ManualPaymentMethod: {
    CHECK: 'Check',
    WIRE_TRANSFER: 'Wire transfer',
    OTHER: 'Other',
  },
  WithdrawalKind: {
    specialty: 'Specialty',
    hctp: 'HCTP',
    alumni: 'Alumni',
    advanced: 'Advanced',
    cip: 'CIP',
    chopra: 'Chopra',
  },
  VoucherDiscountKind: {
    PERCENT_OFF: 'Percent off',
    AMOUNT_OFF: 'Amount off',
  },
  VoucherScope: {
    ALL: 'All',
    EMAIL_IDS: 'Specific emails',
  },
  Gender: {
    MALE: 'Male',
    FEMALE: 'Female',
    NON_BINARY: 'Non-binary',
    PREFER_NOT_TO_SAY: 'Prefer not to say',
  },
  // Spec: Early Morning 00:00-04:59, Morning 05:00-11:59, Afternoon 12:00-17:59, Evening 18:00-23:59.
  TimeOfDay: {
    EARLY_MORNING: 'Early Morning',
    MORNING: 'Morning',
    AFTERNOON: 'Afternoon',
    EVENING: 'Evening',
  },
  Language: {
    EN: 'English',
    ES: 'Spanish',
  },
  UserKind: {
    ADMIN: 'Administrator',
    STUDENT: 'Student',
    COACH: 'Coach',
  },
  EducationLevel: {
    HIGH_SCHOOL: 'High school',
    SOME_COLLEGE: 'Some college',
    ASSOCIATE: 'Associate degree',
    BACHELOR: "Bachelor's degree",
    MASTER: "Master's degree",
    DOCTORATE: 'Doctorate',
    OTHER: 'Other',
  },
  ApplicationSource: {
    WEBSITE: 'Website',
    PHONE: 'Phone',
    REFERRAL: 'Referral',
    EVENT: 'Event',
    SOCIAL_MEDIA: 'Social media',
    STAFF: 'Staff',
    MIGRATION: 'Migration',
    TRANSFER: 'Transfer',
    OTHER: 'Other',
  },
  ActivityCategory: {
    ACCOUNT: 'Account',
    PROFILE: 'Profile',
    SECURITY: 'Security',
    ENROLLMENT: 'Enrollment',
    BILLING: 'Billing',
    COMMUNICATION: 'Communication',
    ADMINISTRATION: 'Administration',
  },
  ActivityType: {
    CREATED: 'Created',
    UPDATED: 'Updated',
    DELETED: 'Deleted',
    EMAIL_CHANGED: 'Email changed',
    ACTIVATED: 'Activated',
    DEACTIVATED: 'Deactivated',
    PASSWORD_CHANGED: 'Password changed',
    PASSWORD_RESET: 'Password reset',
    SIGNED_IN: 'Signed in',
    LOGGED_OUT: 'Logged out',
    MERGED: 'Merged',
    ROLES_CHANGED: 'Roles changed',
    SIGNED: 'Signed',
    VOIDED: 'Voided',
    PLAN_ISSUED: 'Payment plan issued',
    PAYMENT_ACCEPTED: 'Payment accepted',
    PAYMENT_FAILED: 'Payment failed',
    EMAIL_SENT: 'Email sent',
    EMAIL_FAILED: 'Email not delivered',
  },
  ActivityEntityType: {
    STUDENT: 'Student',
    USER: 'Account',
    ADMINISTRATOR: 'Administrator',
    ROLE: 'Role',
    APPLICATION: 'Application',
    APPLICATION_VOUCHER: 'Voucher refund',
    ENVELOPE: 'Agreement',
    PAYMENT_METHOD: 'Card',
    PAYMENT: 'Payment',
    PAYMENT_PLAN: 'Payment plan',
    PAYMENT_SCHEDULE: 'Installment',
    EXTERNAL_PAYMENT: 'External payment',
    REFUND: 'Refund',
    DISPUTE: 'Dispute',
    VOUCHER: 'Voucher',
    BUSINESS_CATEGORY: 'Business category',
    ACCOUNTING_LINE: 'Accounting line',
    BUSINESS_CATEGORY_PAYMENT_PLAN: 'Payment plan template',
    PROGRAM: 'Program',
    PROGRAM_MODULE: 'Program module',
    PROGRAM_PAYMENT_PLAN: 'Program payment plan',
    GRADUATION_REQUIREMENT: 'Graduation requirement',
    EXTRA_PRODUCT: 'Extra product',
    MODULE_GROUP: 'Module group',
    COHORT: 'Cohort',
    COHORT_MODULE: 'Cohort module',
    SKIPPED_CC_SESSION: 'Skipped coaching-circle session',
    PRODUCT: 'Product',
    PRODUCT_PAYMENT_PLAN: 'Product payment plan',
    PAYMENT_PLAN_ADJUSTMENT: 'Payment plan adjustment',
    OUTBOX_MESSAGE: 'Email',
    INFORMATION_BANNER: 'Information banner',
    MOBILE_APP_CONFIGURATION: 'Mobile app configuration',
    APP_VERSION: 'App version',
    EMAIL_TEMPLATE: 'Email template',
    COMMUNICATION_TEMPLATE: 'Communication template',
    COMMUNICATION_TEMPLATE_CONTENT: 'Communication template content',
    TRANSFER: 'Transfer',
    WITHDRAWAL: 'Withdrawal',
    COACH: 'Coach',
    COACHING_CIRCLE: 'Coaching circle',
    COACHING_CIRCLE_TYPE: 'Coaching circle type',
    LEARNING_SESSION: 'Learning session',
  },
  SearchFilterKind: {
    students: 'Students',
    applications: 'Applications',
    cohorts: 'Cohorts',
    products: 'Products',
    programs: 'Programs',
    transfers: 'Transfers',
    withdrawals: 'Withdrawals',
    coaches: 'Coaches',
    coaching_circle: 'Coaching circle',
    academic_progress: 'Academic progress',
    graduations: 'Graduations',
    certifications: 'Certifications',
    communications: 'Communications',
  },
  LookupType: {
    GENDER: 'Gender',
    EDUCATION_LEVEL: 'Education level',
    LANGUAGE: 'Language',
    APPLICATION_SOURCE: 'Application source',
    BUSINESS_CATEGORY: 'Business category',
    COUNTRY: 'Country',
    US_STATE: 'US state',
    TIME_OF_DAY: 'Time of day',
    MANUAL_PAYMENT_METHOD: 'Manual payment method',
    ADJUSTMENT_CATEGORY: 'Adjustment category',
  },
  RoleName: {
    SUPER_ADMIN: 'Super administrator',
    FINANCE: 'Finance',
    ADMISSIONS: 'Admissions',
    ACADEMIC: 'Academic',
    SUPPORT: 'Support',
  },
  ProductFlowType: {
    HCTP: 'HCTP enrollment',
    DYNAMIC: 'Dynamic enrollment',
    PURCHASE: 'Purchase',
  },
  GraduationRequirementType: {
    QUIZ: 'Quiz',
    ASSIGNMENT: 'Assignment',
    MODULE: 'Module',
    COACHING_CIRCLE: 'Coaching circle',
    LEARNING_SESSION: 'Learning session',
    OTHER: 'Other',
  },
  ExtraProductType: {
    TRANSCRIPT: 'Transcript',
    CERTIFICATE: 'Certificate',
    MAKEUP_SESSION: 'Makeup session',
    BOOK: 'Book',
    OTHER: 'Other',
  },
  ExtraProductPriceType: {
    FIXED: 'Fixed price',
    FREE: 'Free',
  },
  LmsCategoryKind: {
    QUIZ: 'Quiz',
    ASSIGNMENT: 'Assignment',
  },
  StudentPaymentPlanStatus: { ACTIVE: 'Active', COMPLETED: 'Paid off', CONCLUDED: 'Concluded', CANCELLED: 'Cancelled' },
  PaymentType: { INSTALLMENT: 'Installment', PRE_PAY: 'Pre-pay', PAY_OFF: 'Pay-off', AUTO_PAY: 'Auto-pay', ENROLLMENT: 'Enrollment charge', EXTERNAL: 'External payment' },
  PaymentChannel: { CARD: 'Card', CHECK: 'Check', WIRE_TRANSFER: 'Wire transfer', OTHER: 'Other' },
  RefundSource: { WITHDRAWAL: 'Withdrawal', VOUCHER: 'Voucher', CUSTOM: 'Custom' },
  RefundType: { EXTERNAL: 'External', ONLINE: 'Online', MIXED: 'Mixed' },
  RefundMoneyStatus: { PENDING: 'Not refunded yet', REFUNDED: 'Refunded', FAILED: 'Refund failed' },
  FailedPaymentStatus: { FAILED: 'Failed', RESOLVED: 'Resolved' },
  FailedPaymentSource: { AUTO_PAY: 'Auto-pay', ENROLLMENT: 'Enrollment charge', ONLINE: 'Online payment', RETRY: 'Retry' },
  LedgerKind: {
    PLAN_ISSUED: 'Plan issued',
    PAYMENT: 'Payment',
    EXTERNAL_PAYMENT: 'External payment',
    REFUND: 'Refund',
    CHARGEBACK: 'Chargeback',
    TAX: 'Tax',
    ADJUSTMENT: 'Adjustment',
  },
  GatewayProvider: { SANDBOX: 'Sandbox', STRIPE: 'Stripe', AUTHORIZE_NET: 'Authorize.Net' },
  GatewayEventKind: { CHARGE: 'Charge', REFUND: 'Refund', DISPUTE: 'Dispute' },
  DomainEventStatus: { PENDING: 'Pending', DONE: 'Done', FAILED: 'Failed' },
  DomainEventType: {
    ApplicationStatusChanged: 'Application status changed',
    PlanIssued: 'Payment plan issued',
    AgreementSigned: 'Enrollment agreement signed',
    PaymentAccepted: 'Payment accepted',
    PaymentFailed: 'Payment failed',
    RefundCompleted: 'Refund completed',
    TransferDecided: 'Transfer offered or decided',
    WithdrawalDecided: 'Withdrawal decided',
    CircleAttendanceTaken: 'Circle attendance taken',
  },
  DomainEventHandler: {
    'enrollments.followApplicationStatus': 'Enrollments follow the application',
    'applications.issuePlanOnEnrolled': 'Issue the payment plan',
    'payments.chargeEnrollmentDeposit': 'Charge the enrollment deposit',
    'vouchers.recountOnClosedApplication': "Recount the voucher's uses",
    'applications.notifyCrm': 'Notify the CRM',
    'applications.advanceOnAgreementSigned': 'Move the application on after the signature',
    'communications.paymentReceipt': 'Email the payment receipt',
    'communications.paymentFailed': 'Email the failed-payment notice',
    'communications.refundIssued': 'Email the refund notice',
    'communications.transferDecided': 'Email the transfer offer or decision',
    'communications.withdrawalDecided': 'Email the withdrawal decision',
    'withdrawals.completeOnRefund': 'Complete the withdrawal once refunded',
    'circleSignUps.absenceAlert': 'Alert staff of two absences in a row',
  },
  GatewayEventStatus: { SUCCEEDED: 'Succeeded', FAILED: 'Failed', PENDING: 'Pending', OPENED: 'Disputed' },
  JobType: {
    FINANCIAL_STATUS_RECOMPUTE: 'Financial status recompute',
    AUTO_PAY: 'Auto-pay',
    FAILED_PAYMENT_RETRY: 'Failed payment retries',
    INSTALLMENT_REMINDER: 'Installment reminders',
    PAST_DUE_NOTICE: 'Past-due notices',
    COHORT_STATUS: 'Cohort status',
    CRM_DELIVERY_RETRY: 'CRM delivery retry',
    CLEANUP: 'Expired tokens and codes cleanup',
    DOMAIN_EVENT_DISPATCH: 'Event delivery',
    COMMUNICATION_DISPATCH: 'Communication dispatch',
    CIRCLE_SESSION_REMINDERS: 'Coaching circle session reminders',
    LEARNING_SESSION_AUTO_PUBLISH: 'Learning-session auto-publish',
  },
  JobStatus: { ACTIVE: 'Active', PAUSED: 'Paused' },
  JobRunOutcome: { RUNNING: 'Running', SUCCEEDED: 'Succeeded', FAILED: 'Failed', ABANDONED: 'Abandoned (taken over)' },
  JobRunTrigger: { SCHEDULE: 'Schedule', MANUAL: 'Run by staff' },
  CirclePublishRequirement: {
    SESSIONS: 'Generated sessions',
    COACHES: 'At least one coach',
    SCOPE: 'At least one cohort in scope',
    WEB_CONFERENCE_URL: 'A web conference URL for every coach',
  },
  LearningSessionType: { WORKSHOP: 'Workshop', Q_AND_A: 'Questions and answers', WEBINAR: 'Webinar', OFFICE_HOURS: 'Office hours' },
  StoredFilePurpose: { DOCUMENT: 'Document', IMAGE: 'Image', EXPORT: 'Export' },
} as const satisfies Labels;

const es = {
  // Solicitud (femenino).
  ApplicationStatus: {
    CREATED: 'Creada',
    APPLIED: 'Enviada',
    WAITING_TO_AGREE: 'Pendiente de aceptación',
    WAITING_TO_SIGN: 'Pendiente de firma',
    SIGNED: 'Firmada',
    ENROLLED: 'Inscrita',
    REJECTED: 'Rechazada',
    ARCHIVED: 'Archivada',
    TRANSFERRED: 'Transferida',
    PARTIAL_WITHDRAWN: 'Retiro parcial',
    WITHDRAWN: 'Retirada',
    CANCELLED: 'Cancelada',
  },
  // Inscripción (femenino).
  EnrollmentStatus: {
    ACTIVE: 'Activa',
    WITHDRAWN: 'Retirada',
    TRANSFERRED: 'Transferida',
    CANCELLED: 'Cancelada',
    RETAKING: 'Recursando',
  },
  // Comunicación (femenino).
  CommunicationStatus: {
    CREATED: 'Creada',
    SCHEDULED: 'Programada',
    DRAFT: 'Borrador',
    SENT: 'Enviada',
    SENDING: 'Enviando',
    FAILED: 'Fallida',
    ERROR: 'Error',
  },
  RecipientType: {
    BROADCAST: 'Difusión general',
    SPECIFIC: 'Específico',
    FILTER: 'Por filtro',
  },
  CommunicationKind: {
    MESSAGE: 'Mensaje',
    ALERT: 'Alerta',
  },
  ScheduleType: {
    NOW: 'Ahora',
    FUTURE: 'Más adelante',
  },
  // Cohorte (femenino).
  CommunicationCategory: {
    ACCOUNT: 'Cuenta',
    ENROLLMENT: 'Inscripción',
    BILLING: 'Facturación',
    ACADEMIC: 'Académico',
    MANUAL_NOTIFICATION: 'Notificación manual',
    MARKETING: 'Marketing',
  },
  CommunicationChannel: {
    EMAIL: 'Correo electrónico',
    INBOX: 'Bandeja del portal',
  },
  IntentStatus: {
    CREATED: 'Creado',
    SENDING: 'Enviando',
    SENT: 'Enviado',
    FAILED: 'Fallido',
  },
  EmailTemplateCategory: {
    INSTITUTE: 'Instituto',
    PROGRAM: 'Programa',
    MARKETING: 'Marketing',
  },
  CohortStatus: {
    CREATED: 'Creada',
    ACTIVE: 'Activa',
    COMPLETED: 'Completada',
    CANCELLED: 'Cancelada',
    ARCHIVED: 'Archivada',
  },
  GraduationStatus: {
    READY_GRADUATION: 'Listo para la graduación',
    FAILED_ACADEMICALLY: 'Reprobado académicamente',
    FAILED_FINANCIALLY: 'Incumplimiento financiero',
    LATE_GRADUATION: 'Graduación tardía',
    GRADUATED: 'Graduado',
    PENDING: 'Pendiente',
    INCOMPLETE: 'Incompleto',
  },
  FinancialStatus: {
    GOOD: 'Al corriente',
    PAST_DUE: 'Vencido',
    COLLECTIONS: 'En cobranza',
    COLLECTIONS_2: 'En cobranza 2',
  },
  PaymentState: {
    PENDING: 'Pendiente',
    GOOD: 'Al corriente',
    FAILED: 'Fallido',
  },
  // Pago (masculino).
  ExternalPaymentStatus: {
    PENDING: 'Pendiente',
    ACCEPTED: 'Aceptado',
    REJECTED: 'Rechazado',
  },
  // Transferencia (femenino).
  TransferStatus: {
    PENDING: 'Pendiente',
    ACCEPTED: 'Aceptada',
    REJECTED: 'Rechazada',
  },
  // Solicitud (femenino).
  RequestStatus: {
    REQUESTED: 'Solicitada',
    APPROVED: 'Aprobada',
    REJECTED: 'Rechazada',
    COMPLETED: 'Completada',
    CANCELLED: 'Cancelada',
  },
  // Disputa (femenino).
  DisputeStatus: {
    PENDING: 'Pendiente',
    LOST: 'Perdida',
    WON: 'Ganada',
  },
  // Sincronización (femenino).
  SyncStatus: {
    PENDING: 'Pendiente',
    IN_PROGRESS: 'En curso',
    ACCEPTED: 'Aceptada',
    FAILED: 'Fallida',
  },
  AttendanceStatus: {
    ATTENDED: 'Asistió',
    ABSENT: 'Ausente',
    PENDING: 'Pendiente',
  },
  // Pago (masculino).
  PaymentStatus: {
    IN_PROGRESS: 'En curso',
    ACCEPTED: 'Aceptado',
    INVALID: 'No válido',
    DELETED: 'Eliminado',
  },
  PaymentPlanType: {
    PAY_IN_FULL: 'Pago total',
    INTEREST_BEARING: 'Con intereses',
  },
  PaymentScheduleType: {
    FIXED_TERMS: 'Plazos fijos',
    FIXED_INSTALLMENT_AMOUNT: 'Monto de cuota fijo',
    FIXED_PRINCIPAL_AMOUNT: 'Monto de capital fijo',
  },
  PaymentPlanSource: {
    APPLICATION: 'Solicitud',
    WITHDRAWAL: 'Retiro',
  },
  BannerLevel: {
    SUCCESS: 'Éxito',
    INFO: 'Información',
    WARNING: 'Advertencia',
    ERROR: 'Error',
  },
  BannerAudience: {
    ALL: 'Todos',
    PROGRAM: 'Programa',
    COHORT: 'Cohorte',
    COACHING_CIRCLE: 'Círculo de coaching',
  },
  MobilePlatform: {
    IOS: 'iOS',
    ANDROID: 'Android',
  },
  EnrollmentFlowStep: {
    ADMIN_APPROVAL: 'Aprobación administrativa',
    COMPLETE_PERSONAL_INFO: 'Completar información personal',
    QUESTIONNAIRE: 'Cuestionario',
    DOCUMENT_UPLOAD: 'Carga de documentos',
    ENROLLMENT_AGREEMENT: 'Contrato de inscripción',
    COMPLETE_ACM_REQUIREMENTS: 'Completar requisitos de ACM',
  },
  DurationType: {
    FIXED_DURATION: '12 meses',
    CONTINUOUS_LEARNING: 'Aprendizaje continuo',
  },
  // Sesión (femenino).
  SessionStatus: {
    ACTIVE: 'Activa',
    IDLE: 'En espera',
    INACTIVE: 'Inactiva',
  },
  AdjustmentCategory: {
    SCHOLARSHIP: 'Beca',
    FEE: 'Cuota',
    PROMO: 'Promoción',
    WRITE_OFF: 'Cancelación de deuda',
    TAX: 'Impuesto',
    INTEREST: 'Intereses',
    REFUND: 'Reembolso',
    OTHER: 'Otro',
  },
  AdjustmentType: {
    CHARGE: 'Cargo',
    CREDIT: 'Crédito',
  },
  Frequency: {
    DAILY: 'Diaria',
    WEEKLY: 'Semanal',
    MONTHLY: 'Mensual',
    YEARLY: 'Anual',
  },
  FrequencyUnit: {
    DAYS: 'Días',
    WEEKS: 'Semanas',
    MONTHS: 'Meses',
    YEARS: 'Años',
  },
  BusinessCategoryName: {
    ADVANCED: 'Avanzado',
    SPECIALTY: 'Especialidad',
    HCTP: 'HCTP',
    HCTP_ALUMNI: 'Egresados de HCTP',
    SAMPLE_CLASS: 'Clase de muestra',
    POST_GRAD_MATERIALS: 'Materiales de posgrado',
    CIP: 'CIP',
    COURSE_MIGRATION: 'Migración de cursos',
    CHOPRA_MASTERY: 'Chopra Mastery',
    CHOPRA_ENRICHMENT_FOUNDATION: 'Chopra Enrichment Foundation',
    SELLING_GUIDES: 'Guías de venta',
  },
  ProgramTrack: {
    HCTP: 'Programa de Formación de Coaches de Salud',
    SPECIALTY: 'Cursos de especialidad',
    CHOPRA_MASTERY: 'Programas de maestría Chopra',
    CHOPRA_ENRICHMENT_FOUNDATION: 'Programas Chopra de enriquecimiento y fundamentos',
    SAMPLE_CLASS: 'Una clase de muestra gratuita',
  },
  LmsVendor: {
    DOCEBO: 'Docebo',
    D2L: 'D2L',
    CANVAS: 'Canvas',
    INTERNAL: 'Interno',
  },
  ManualPaymentMethod: {
    CHECK: 'Cheque',
    WIRE_TRANSFER: 'Transferencia bancaria',
    OTHER: 'Otro',
  },
  WithdrawalKind: {
    specialty: 'Especialidad',
    hctp: 'HCTP',
    alumni: 'Egresados',
    advanced: 'Avanzado',
    cip: 'CIP',
    chopra: 'Chopra',
  },
  VoucherDiscountKind: {
    PERCENT_OFF: 'Descuento porcentual',
    AMOUNT_OFF: 'Descuento por monto',
  },
  VoucherScope: {
    ALL: 'Todos',
    EMAIL_IDS: 'Correos electrónicos específicos',
  },
  Gender: {
    MALE: 'Masculino',
    FEMALE: 'Femenino',
    NON_BINARY: 'No binario',
    PREFER_NOT_TO_SAY: 'Prefiero no decirlo',
  },
  TimeOfDay: {
    EARLY_MORNING: 'Madrugada',
    MORNING: 'Mañana',
    AFTERNOON: 'Tarde',
    EVENING: 'Noche',
  },
  Language: {
    EN: 'Inglés',
    ES: 'Español',
  },
  UserKind: {
    ADMIN: 'Administrador',
    STUDENT: 'Estudiante',
    COACH: 'Coach',
  },
  EducationLevel: {
    HIGH_SCHOOL: 'Educación secundaria',
    SOME_COLLEGE: 'Estudios universitarios incompletos',
    ASSOCIATE: 'Título de grado asociado',
    BACHELOR: 'Licenciatura',
    MASTER: 'Maestría',
    DOCTORATE: 'Doctorado',
    OTHER: 'Otro',
  },
  ApplicationSource: {
    WEBSITE: 'Sitio web',
    PHONE: 'Teléfono',
    REFERRAL: 'Recomendación',
    EVENT: 'Evento',
    SOCIAL_MEDIA: 'Redes sociales',
    STAFF: 'Personal',
    MIGRATION: 'Migración',
    TRANSFER: 'Transferencia',
    OTHER: 'Otro',
  },
  ActivityCategory: {
    ACCOUNT: 'Cuenta',
    PROFILE: 'Perfil',
    SECURITY: 'Seguridad',
    ENROLLMENT: 'Inscripción',
    BILLING: 'Facturación',
    COMMUNICATION: 'Comunicación',
    ADMINISTRATION: 'Administración',
  },
  // Sustantivos, para no depender del género del registro afectado.
  ActivityType: {
    CREATED: 'Creación',
    UPDATED: 'Actualización',
    DELETED: 'Eliminación',
    EMAIL_CHANGED: 'Cambio de correo electrónico',
    ACTIVATED: 'Activación',
    DEACTIVATED: 'Desactivación',
    PASSWORD_CHANGED: 'Cambio de contraseña',
    PASSWORD_RESET: 'Restablecimiento de contraseña',
    SIGNED_IN: 'Inicio de sesión',
    LOGGED_OUT: 'Cierre de sesión',
    MERGED: 'Fusión',
    ROLES_CHANGED: 'Cambio de roles',
    SIGNED: 'Firma',
    VOIDED: 'Anulación',
    PLAN_ISSUED: 'Emisión del plan de pagos',
    PAYMENT_ACCEPTED: 'Pago aceptado',
    PAYMENT_FAILED: 'Pago fallido',
    EMAIL_SENT: 'Envío de correo electrónico',
    EMAIL_FAILED: 'Correo electrónico no entregado',
  },
  ActivityEntityType: {
    STUDENT: 'Estudiante',
    USER: 'Cuenta',
    ADMINISTRATOR: 'Administrador',
    ROLE: 'Rol',
    APPLICATION: 'Solicitud',
    APPLICATION_VOUCHER: 'Reembolso de cupón',
    ENVELOPE: 'Acuerdo',
    PAYMENT_METHOD: 'Tarjeta',
    PAYMENT: 'Pago',
    PAYMENT_PLAN: 'Plan de pago',
    PAYMENT_SCHEDULE: 'Cuota',
    EXTERNAL_PAYMENT: 'Pago externo',
    REFUND: 'Reembolso',
    DISPUTE: 'Disputa',
    VOUCHER: 'Cupón',
    BUSINESS_CATEGORY: 'Categoría de negocio',
    ACCOUNTING_LINE: 'Línea contable',
    BUSINESS_CATEGORY_PAYMENT_PLAN: 'Plantilla de plan de pago',
    PROGRAM: 'Programa',
    PROGRAM_MODULE: 'Módulo del programa',
    PROGRAM_PAYMENT_PLAN: 'Plan de pago del programa',
    GRADUATION_REQUIREMENT: 'Requisito de graduación',
    EXTRA_PRODUCT: 'Producto adicional',
    MODULE_GROUP: 'Grupo de módulos',
    COHORT: 'Cohorte',
    COHORT_MODULE: 'Módulo de la cohorte',
    SKIPPED_CC_SESSION: 'Sesión de círculo de coaching omitida',
    PRODUCT: 'Producto',
    PRODUCT_PAYMENT_PLAN: 'Plan de pago del producto',
    PAYMENT_PLAN_ADJUSTMENT: 'Ajuste del plan de pago',
    OUTBOX_MESSAGE: 'Correo electrónico',
    INFORMATION_BANNER: 'Aviso informativo',
    MOBILE_APP_CONFIGURATION: 'Configuración de la aplicación móvil',
    APP_VERSION: 'Versión de la aplicación',
    EMAIL_TEMPLATE: 'Plantilla de correo',
    COMMUNICATION_TEMPLATE: 'Plantilla de comunicación',
    COMMUNICATION_TEMPLATE_CONTENT: 'Contenido de plantilla de comunicación',
    TRANSFER: 'Transferencia',
    WITHDRAWAL: 'Retiro',
    COACH: 'Coach',
    COACHING_CIRCLE: 'Círculo de coaching',
    COACHING_CIRCLE_TYPE: 'Tipo de círculo de coaching',
    LEARNING_SESSION: 'Sesión de aprendizaje',
  },
  SearchFilterKind: {
    students: 'Estudiantes',
    applications: 'Solicitudes',
    cohorts: 'Cohortes',
    products: 'Productos',
    programs: 'Programas',
    transfers: 'Transferencias',
    withdrawals: 'Retiros',
    coaches: 'Coaches',
    coaching_circle: 'Círculo de coaching',
    academic_progress: 'Progreso académico',
    graduations: 'Graduaciones',
    certifications: 'Certificaciones',
    communications: 'Comunicaciones',
  },
  LookupType: {
    GENDER: 'Género',
    EDUCATION_LEVEL: 'Nivel educativo',
    LANGUAGE: 'Idioma',
    APPLICATION_SOURCE: 'Origen de la solicitud',
    BUSINESS_CATEGORY: 'Categoría de negocio',
    COUNTRY: 'País',
    US_STATE: 'Estado de EE. UU.',
    TIME_OF_DAY: 'Momento del día',
    MANUAL_PAYMENT_METHOD: 'Método de pago manual',
    ADJUSTMENT_CATEGORY: 'Categoría de ajuste',
  },
  RoleName: {
    SUPER_ADMIN: 'Superadministrador',
    FINANCE: 'Finanzas',
    ADMISSIONS: 'Admisiones',
    ACADEMIC: 'Académico',
    SUPPORT: 'Soporte',
  },
  ProductFlowType: {
    HCTP: 'Inscripción HCTP',
    DYNAMIC: 'Inscripción dinámica',
    PURCHASE: 'Compra',
  },
  GraduationRequirementType: {
    QUIZ: 'Cuestionario',
    ASSIGNMENT: 'Tarea',
    MODULE: 'Módulo',
    COACHING_CIRCLE: 'Círculo de coaching',
    LEARNING_SESSION: 'Sesión de aprendizaje',
    OTHER: 'Otro',
  },
  ExtraProductType: {
    TRANSCRIPT: 'Certificado de notas',
    CERTIFICATE: 'Certificado',
    MAKEUP_SESSION: 'Sesión de recuperación',
    BOOK: 'Libro',
    OTHER: 'Otro',
  },
  ExtraProductPriceType: {
    FIXED: 'Precio fijo',
    FREE: 'Gratis',
  },
  LmsCategoryKind: {
    QUIZ: 'Cuestionario',
    ASSIGNMENT: 'Tarea',
  },
  StudentPaymentPlanStatus: { ACTIVE: 'Activo', COMPLETED: 'Liquidado', CONCLUDED: 'Concluido', CANCELLED: 'Cancelado' },
  PaymentType: {
    INSTALLMENT: 'Cuota',
    PRE_PAY: 'Prepago',
    PAY_OFF: 'Liquidación total',
    AUTO_PAY: 'Pago automático',
    ENROLLMENT: 'Cargo de inscripción',
    EXTERNAL: 'Pago externo',
  },
  PaymentChannel: { CARD: 'Tarjeta', CHECK: 'Cheque', WIRE_TRANSFER: 'Transferencia bancaria', OTHER: 'Otro' },
  RefundSource: { WITHDRAWAL: 'Baja', VOUCHER: 'Cupón', CUSTOM: 'Personalizado' },
  RefundType: { EXTERNAL: 'Externo', ONLINE: 'En línea', MIXED: 'Mixto' },
  RefundMoneyStatus: { PENDING: 'Aún no reembolsado', REFUNDED: 'Reembolsado', FAILED: 'Reembolso fallido' },
  FailedPaymentStatus: { FAILED: 'Fallido', RESOLVED: 'Resuelto' },
  FailedPaymentSource: { AUTO_PAY: 'Pago automático', ENROLLMENT: 'Cargo de inscripción', ONLINE: 'Pago en línea', RETRY: 'Reintento' },
  LedgerKind: {
    PLAN_ISSUED: 'Plan emitido',
    PAYMENT: 'Pago',
    EXTERNAL_PAYMENT: 'Pago externo',
    REFUND: 'Reembolso',
    CHARGEBACK: 'Contracargo',
    TAX: 'Impuesto',
    ADJUSTMENT: 'Ajuste',
  },
  GatewayProvider: { SANDBOX: 'Sandbox', STRIPE: 'Stripe', AUTHORIZE_NET: 'Authorize.Net' },
  GatewayEventKind: { CHARGE: 'Cargo', REFUND: 'Reembolso', DISPUTE: 'Disputa' },
  DomainEventStatus: { PENDING: 'Pendiente', DONE: 'Hecho', FAILED: 'Fallido' },
  DomainEventType: {
    ApplicationStatusChanged: 'Cambio de estado de la solicitud',
    PlanIssued: 'Plan de pago emitido',
    AgreementSigned: 'Acuerdo de inscripción firmado',
    PaymentAccepted: 'Pago aceptado',
    PaymentFailed: 'Pago fallido',
    RefundCompleted: 'Reembolso completado',
    TransferDecided: 'Transferencia ofrecida o decidida',
    WithdrawalDecided: 'Retiro decidido',
    CircleAttendanceTaken: 'Asistencia de círculo registrada',
  },
  DomainEventHandler: {
    'enrollments.followApplicationStatus': 'Las inscripciones siguen a la solicitud',
    'applications.issuePlanOnEnrolled': 'Emitir el plan de pago',
    'payments.chargeEnrollmentDeposit': 'Cobrar el depósito de inscripción',
    'vouchers.recountOnClosedApplication': 'Recontar los usos del cupón',
    'applications.notifyCrm': 'Avisar al CRM',
    'applications.advanceOnAgreementSigned': 'Avanzar la solicitud tras la firma',
    'communications.paymentReceipt': 'Enviar el recibo del pago',
    'communications.paymentFailed': 'Enviar el aviso de pago fallido',
    'communications.refundIssued': 'Enviar el aviso de reembolso',
    'communications.transferDecided': 'Enviar la oferta o la decisión de la transferencia',
    'communications.withdrawalDecided': 'Enviar la decisión del retiro',
    'withdrawals.completeOnRefund': 'Completar el retiro una vez reembolsado',
    'circleSignUps.absenceAlert': 'Avisar al personal de dos ausencias seguidas',
  },
  GatewayEventStatus: { SUCCEEDED: 'Aprobado', FAILED: 'Fallido', PENDING: 'Pendiente', OPENED: 'En disputa' },
  JobType: {
    FINANCIAL_STATUS_RECOMPUTE: 'Recálculo del estado financiero',
    AUTO_PAY: 'Pago automático',
    FAILED_PAYMENT_RETRY: 'Reintentos de pagos fallidos',
    INSTALLMENT_REMINDER: 'Recordatorios de cuotas',
    PAST_DUE_NOTICE: 'Avisos de pago vencido',
    COHORT_STATUS: 'Estado de las cohortes',
    CRM_DELIVERY_RETRY: 'Reintento de envíos al CRM',
    CLEANUP: 'Limpieza de tokens y códigos caducados',
    DOMAIN_EVENT_DISPATCH: 'Entrega de eventos',
    COMMUNICATION_DISPATCH: 'Envío de comunicaciones',
    CIRCLE_SESSION_REMINDERS: 'Recordatorios de sesiones de círculos de coaching',
    LEARNING_SESSION_AUTO_PUBLISH: 'Publicación automática de sesiones de aprendizaje',
  },
  JobStatus: { ACTIVE: 'Activo', PAUSED: 'En pausa' },
  JobRunOutcome: { RUNNING: 'En curso', SUCCEEDED: 'Correcto', FAILED: 'Fallido', ABANDONED: 'Abandonado (retomado)' },
  JobRunTrigger: { SCHEDULE: 'Programado', MANUAL: 'Ejecutado por personal' },
  CirclePublishRequirement: {
    SESSIONS: 'Sesiones generadas',
    COACHES: 'Al menos un coach',
    SCOPE: 'Al menos una cohorte en el alcance',
    WEB_CONFERENCE_URL: 'Una URL de videoconferencia para cada coach',
  },
  LearningSessionType: { WORKSHOP: 'Taller', Q_AND_A: 'Preguntas y respuestas', WEBINAR: 'Seminario web', OFFICE_HOURS: 'Horario de consulta' },
  StoredFilePurpose: { DOCUMENT: 'Documento', IMAGE: 'Imagen', EXPORT: 'Exportación' },
} as const satisfies Labels;

/** Labels of every enumeration value, by locale then enumeration name then value. */
export const EnumLabels = { en, es } as const;

/** The label of one enumeration value; falls back to the raw value when it has none. */
export function enumLabel<K extends EnumName>(enumName: K, value: string | null | undefined, locale: LabelLocale = 'en'): string {
  if (value === null || value === undefined) return '';
  const table = (EnumLabels[locale] ?? EnumLabels.en) as Labels;
  const labels = table[enumName] as Readonly<Record<string, string>> | undefined;
  return labels && Object.prototype.hasOwnProperty.call(labels, value) ? labels[value] : value;
}

/** react-admin choices (`{ id, name }`) for one enumeration, in the tuple's order. */
export function enumChoices<K extends EnumName>(enumName: K, locale: LabelLocale = 'en'): Array<{ id: EnumValue<K>; name: string }> {
  const values = Enums[enumName] as readonly string[];
  return values.map((id) => ({ id: id as EnumValue<K>, name: enumLabel(enumName, id, locale) }));
}

const DURATION_LABELS = {
  en: { accelerated: 'Accelerated (6 Months)', fixed: '12 Months', continuous: 'Continuous learning' },
  es: { accelerated: 'Acelerado (6 meses)', fixed: '12 meses', continuous: 'Aprendizaje continuo' },
} as const;

/**
 * A program's duration as the console shows it: a fixed duration reads 'Accelerated (6 Months)' when
 * the program is accelerated, else '12 Months'; continuous learning reads 'Continuous learning'.
 */
export function durationTypeLabel(durationType: string | null | undefined, accelerated: boolean | null | undefined, locale: LabelLocale = 'en'): string {
  const labels = DURATION_LABELS[locale] ?? DURATION_LABELS.en;
  if (durationType === 'FIXED_DURATION') return accelerated ? labels.accelerated : labels.fixed;
  if (durationType === 'CONTINUOUS_LEARNING') return labels.continuous;
  return durationType ?? '';
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A country's name in `locale` ('es' → 'Isla de Man'), from the ISO code, for the console and the
 * portal alike (the COUNTRY lookup holds English names only); undefined where the runtime cannot say.
 */
export function countryName(code: string, locale: string): string | undefined {
  if (!regionNames.has(locale)) {
    try {
      regionNames.set(locale, new Intl.DisplayNames([locale], { type: 'region' }));
    } catch {
      regionNames.set(locale, null);
    }
  }
  try {
    return regionNames.get(locale)?.of(code) ?? undefined;
  } catch {
    return undefined;
  }
}
