/**
 * The spec's user-facing messages (platform spec §5 and §8), word for word, defined once for the
 * API, the console and the portal. `{0}`-style placeholders are filled by `format`.
 */
export const Messages = {
  GENERIC: 'An error found, please try again.',
  REQUIRED: 'This field is required',
  EMAIL_FORMAT: 'Please type your email in the format [name@example.com]',
  STRONG_PASSWORD: 'Minimum 8 characters, at least one number, one lower case and one upper case.',
  NO_BLANKS: 'Blank spaces are not allowed',
  CONFIRMATION_MISMATCH: 'This field confirmation does not match',
  INVALID_DATE: 'Please type a valid date',
  INVALID_TIME: 'Please type a valid time',
  UNDER_AGE: 'Below 18 age, call to {0} (Phone enrollment)',
  INVALID_PHONE: 'Invalid phone number',
  INVALID_MOBILE: 'Invalid mobile phone',
  ADDRESS_MUST_CONTAIN: 'The address must contain a {0}',
  INVALID_URL: 'Please type a valid URL',
  MIN_LENGTH: 'Minimum {0} characters',
  MAX_LENGTH: 'Maximum {0} characters',
  ONE_WORD: 'At least one word of two letters',
  INVALID_VALUE: 'Invalid value',
  UNKNOWN_FIELD: 'Unknown field',
  LOGIN_FAILED: 'Invalid username, password or verification code',
  VERIFICATION_CODE_INCORRECT: 'Verification code is incorrect',
  ACCOUNT_DISABLED: "Your account is temporary disabled, please contact the provider's support team.",
  CONSOLE_STAFF_ONLY: 'This sign-in is for staff. Students and coaches sign in at the student portal.',
  PORTAL_STUDENTS_ONLY: 'This sign-in is for students and coaches. Staff sign in at the staff console.',
  USERNAME_TAKEN: 'Username taken',
  EMAIL_NOT_FOUND: 'We cannot find provided email',
  RESET_FORM_EXPIRED: 'This form has expired, please send a new forgot password request',
  SESSION_EXPIRED: 'Your session expired, please login again',
  INVALID_CURRENT_PASSWORD: 'Invalid current password',
  PASSWORD_MISMATCH: 'Password mismatch',
  NOT_PERMITTED: 'Not permitted',
  NOT_FOUND: 'Not found',
  FORBIDDEN: 'You do not have permission to do this',
  ALREADY_ENROLLED: 'Already enrolled',
  SAME_STUDENT: 'A student cannot be merged into itself',
  ROLE_IN_USE: 'The role is assigned to administrators',
  ROLE_PROTECTED: 'This role cannot be changed',
  ROLE_NAME_TAKEN: 'A role with this name already exists',
  LAST_SUPER_ADMIN: 'The last super administrator cannot be removed',
  FILTER_NAME_TAKEN: 'A saved filter with this name already exists',
  BUSINESS_CATEGORY_NAME_FIXED: 'The business category name cannot be changed',
  TOO_MANY_ATTEMPTS: 'Too many attempts, please try again later',
  PRODUCT_ENROLLMENT_WINDOW: 'Product enrollment start must be before end',
  PRODUCT_PUBLISH_REQUIREMENTS: 'A product needs a payment plan and a product item to be published',
  PRODUCT_HAS_ACTIVE_APPLICATIONS: 'The product cannot be archived: it has active applications',
  PRODUCT_ARCHIVED: 'The product is archived',
  COHORT_HAS_ACTIVE_ENROLLMENTS: 'The cohort cannot be archived: it has active enrollments',
  COHORT_HAS_ACTIVE_APPLICATIONS: 'The cohort cannot be archived: it has active applications',
  COHORT_IN_PRODUCT: 'The cohort cannot be archived: it belongs to the product {0}',
  COHORT_ARCHIVED: 'The cohort is archived',
  PROGRAM_HAS_CURRENT_COHORTS: 'The program cannot be archived: it has current cohorts',
  PROGRAM_ARCHIVED: 'The program is archived',
  PROGRAM_ORG_UNIT_REQUIRED: 'Program org unit required',
  LMS_CONNECTION_REQUIRED: 'No learning-system (LMS) connection is set up for this program',
  LMS_CONNECTION_REQUIRED_COHORT: 'No learning-system (LMS) connection is set up for this cohort',
  DISPLAY_ORDER_EXISTS: 'Display order already exists',
  BUNDLE_NOT_ALLOWED: 'Only a bundle program can include programs, and never itself or another bundle',
  MODULE_GROUP_NAME_TAKEN: 'A module group with this name already exists',
  MODULE_GROUP_IN_USE: 'The module group is used by modules',
  PAYMENT_PLAN_IN_USE: 'The payment plan is used by products',
  ACCOUNTING_LINE_OTHER_CATEGORY: "The accounting line does not belong to the program's business category",
  SKIPPED_SESSION_EXISTS: 'This session date is already skipped',
  DATE_RANGE_ORDER: 'The end cannot be before the start',
  EXTENDED_GRADUATION_BEFORE_END: 'The extended graduation date cannot be before the end date',
  SESSION_DATE_OUTSIDE_COHORT: "The date must be within the cohort's start and end dates",
  EXTRA_PRODUCT_ARCHIVED: 'The extra product is archived',
  // Enrollment (issue 5): platform spec §8 "Application" and "General", plus the flow steps' refusals.
  ALREADY_APPLIED: 'Already applied to product',
  INVALID_STATUS: 'Invalid status',
  INVALID_FLOW_TYPE: 'Invalid flow type',
  OPPORTUNITY_ID_REGISTERED: 'Opportunity ID already registered',
  PERSONAL_INFO_INCOMPLETE: 'Personal info incomplete',
  NO_COURSE_SELECTED: 'No course selected',
  INVALID_PROMO_CODE: 'Invalid promo code',
  VOUCHER_CODE_EXISTS: 'Voucher code already exists',
  MAX_STUDENTS_REACHED: 'Max students reached',
  ENROLLMENT_DATE_OUT_OF_RANGE: 'Enrollment date out of range',
  PENDING_REFUNDS: 'Pending refunds',
  PAYMENT_METHOD_REQUIRED: 'Payment method required',
  PAYMENT_FAILURE: 'Payment failure {0}',
  DUPLICATE_CARD: 'Duplicate card',
  NO_PAYMENT_PLAN_SELECTED: 'No payment plan selected',
  QUESTIONNAIRE_INCOMPLETE: 'Questionnaire incomplete',
  DOCUMENT_REQUIRED: 'Document upload required',
  AGREEMENT_NOT_SIGNED: 'The enrollment agreement is not signed',
  ACM_REQUIREMENTS_INCOMPLETE: 'ACM requirements incomplete',
  ENVELOPE_ALREADY_SIGNED: 'The agreement is already signed',
  ENVELOPE_VOIDED: 'This agreement was replaced by a newer one',
  SIGNATURE_MISMATCH: 'Type your full name as it appears on the agreement',
  STUDENT_ARCHIVED: 'The student is archived',
  // Cards (issue 5, sandbox gateway): field messages of the card form.
  INVALID_CARD_NUMBER: 'Invalid card number',
  CARD_EXPIRED: 'The card has expired',
  INVALID_CVC: 'Invalid security code',
  // Payment methods (issue 6): platform spec §8 "Payments", the deletion refusals.
  METHOD_ASSIGNED_TO_PENDING_SCHEDULE: 'A method assigned to a pending schedule cannot be deleted',
  DEFAULT_METHOD_BALANCE_DUE: 'The default method cannot be deleted until the balance is paid',
  // Payments and refunds (issue 6): platform spec §5 and §8 "Payments", "Refunds".
  NO_DUE_BALANCE: 'No due balance',
  PAYMENT_IN_PROGRESS: 'Another payment in progress',
  NO_BALANCE: 'No balance',
  AMOUNT_EXCEEDED: 'Amount exceeded',
  PAYMENT_DISABLED: 'Payment disabled',
  ALREADY_PROCESSED: 'Already processed',
  STATUS_INVALID: 'Status invalid',
  AMOUNT_LOWER_THAN_TO_BE_PAID: 'Amount lower than to be paid',
  PREPAY_AT_OR_ABOVE_PAYOFF: 'process a pay-off instead a pre-pay',
  LEFTOVER_BALANCE: "don't leave a balance of {0}, try paying off the full remaining amount {1}",
  MIN_PAYMENT_AMOUNT: 'The payment amount must be greater than 0.50',
  REFUND_AMOUNT_EXCEEDED: 'Amount exceeds the refund balance or the amount paid',
  INVALID_SOURCE: 'Invalid source',
  DISPUTE_NOT_PENDING: 'Only pending disputes can be verified',
  // Transfers and withdrawals (issue 18): platform spec §8 "Transfers", "Withdrawals".
  PENDING_TRANSFER: 'Pending transfers must be resolved first',
  ONLY_ENROLLED_TRANSFER: 'Only ENROLLED applications can be transferred',
  TRANSFER_SAME_CATEGORY: 'The transfer must go to a new cohort in the same business category',
  TRANSFER_LIMIT_REACHED: 'Transfer limit reached',
  PENDING_WITHDRAWAL: 'A pending withdrawal exists',
  SAME_STATUS: 'Same status',
  INVALID_INSTALLMENT_AMOUNT: 'Invalid installment amount',
  ACTIVE_WITHDRAWAL_EXISTS: 'An active withdrawal already exists',
  // Security and HTTP (issue 15): what the request pipeline refuses whatever the route.
  UNSUPPORTED_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json)',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for a different request',
  FINANCIAL_STATUS_FOLLOWS_DAYS_OVERDUE: 'The financial status of an active plan follows its days overdue; it can be set by hand only in bankruptcy or once the plan is closed',
  CARD_CHARGE_FAILED: 'The card payment did not go through',
  CARD_REFUND_FAILED: 'The refund to the card did not go through',
  CARD_PAYMENT_DISPUTED: "This payment was disputed with the card's bank",
  PAYMENT_CANCELLED_BY_STAFF: 'Cancelled by staff',
  // Why a card was declined, in our words (the gateway's decline code; 'Payment failure {0}' carries one).
  DECLINE_CARD_DECLINED: 'your card was declined; try another card or call your bank',
  DECLINE_INSUFFICIENT_FUNDS: 'your card has insufficient funds',
  DECLINE_EXPIRED_CARD: 'your card has expired',
  DECLINE_INCORRECT_CVC: "your card's security code is incorrect",
  DECLINE_PROCESSING_ERROR: 'the card could not be processed; try again in a few minutes',
  // Scheduled jobs (issue 16): the job-schedules contract's refusals.
  JOB_ALREADY_RUNNING: 'Job already running',
  JOB_ALREADY_PAUSED: 'Job already paused',
  JOB_NOT_PAUSED: 'Job is not paused',
  INVALID_CRON_EXPRESSION: 'Invalid cron expression',
  // Domain events (issue 16): a staff retry of a delivery.
  DOMAIN_EVENT_NOT_FAILED: 'Only a failed delivery can be sent again',
  // Information banners and the mobile app (issue 17).
  INVALID_APP_VERSION: 'Write the version as numbers separated by dots, e.g. 2.4.1',
  APP_VERSION_EXISTS: 'This version already exists for this platform',
  APP_VERSION_IN_USE: 'This version is the minimum supported version of its platform; change the mobile app configuration first',
  MINIMUM_VERSION_NOT_RELEASED: 'The minimum supported version must be an app version of its platform released by today',
  // Communications (issue 17): platform spec §8, and the refusals of the communications contract.
  SCHEDULED_DATE_NOT_FUTURE: 'Scheduled date must be in the future',
  COMMUNICATION_ALREADY_SENDING: 'The communication is already being sent and can no longer be changed',
  INTENT_NOT_FINISHED: 'This message is still being sent; it can be sent again once it is sent or has failed',
  INTENT_ALREADY_RESENT: 'This message was already sent again; resend its newest attempt instead',
  // Communication and email templates (issue 17): platform spec §8, and the templates' own refusals.
  ENGLISH_TEMPLATE_REQUIRED: 'At least one English template required',
  LANGUAGE_TEMPLATE_EXISTS: 'Language template exists',
  TEMPLATE_KEY_TAKEN: 'A communication template with this key already exists',
  SYSTEM_TEMPLATE_KEY_FIXED: 'The key of a template the product sends cannot be changed',
  SYSTEM_TEMPLATE_NOT_DELETED: 'A template the product sends cannot be deleted',
  TEMPLATE_IN_USE: 'The template is used by communications or modules',
  EMAIL_TEMPLATE_ARCHIVED: 'The email template is archived',
  // Learning sessions (issue 19): platform spec §8 "Coaching circles" and the learning sessions' own refusals.
  PREVIOUS_SIGNUP_EXISTS: 'Previous signup exists',
  TARGET_ALREADY_STARTED: 'Target already started',
  DURATION_LIMIT: 'Duration limit',
  LEARNING_SESSION_PUBLISH_MISSING: 'To be published, a learning session needs {0}',
  LEARNING_SESSION_NOT_PUBLISHED: 'The learning session is not published',
  LEARNING_SESSION_NOT_IN_SCOPE: "The student has no active enrollment in the learning session's cohorts",
  LEARNING_SESSION_HAS_SIGN_UPS: 'The learning session has sign-ups; remove them first',
  LEARNING_SESSION_PUBLISHED_NOT_DELETED: 'A published learning session cannot be deleted; unpublish it first',
  LEARNING_SESSION_CANCEL_NOTICE: 'A sign-up can be cancelled only up to 12 hours before the session starts',
  MAX_STUDENTS_BELOW_SIGN_UPS: 'Max students cannot be below the number of sign-ups',
} as const;

/** Fills `{0}`, `{1}`... placeholders in order. */
export function format(message: string, ...args: Array<string | number>): string {
  return message.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : m));
}

/**
 * Spanish versions of `Messages` (neutral Latin-American Spanish, "usted" form), same keys and the
 * same `{0}`-style placeholders.
 */
export const MessagesEs: Record<keyof typeof Messages, string> = {
  GENERIC: 'Se encontró un error, por favor, intente de nuevo.',
  REQUIRED: 'Este campo es obligatorio',
  EMAIL_FORMAT: 'Por favor, escriba su correo electrónico con el formato [nombre@ejemplo.com]',
  STRONG_PASSWORD: 'Mínimo 8 caracteres, al menos un número, una letra minúscula y una letra mayúscula.',
  NO_BLANKS: 'No se permiten espacios en blanco',
  CONFIRMATION_MISMATCH: 'La confirmación de este campo no coincide',
  INVALID_DATE: 'Por favor, escriba una fecha válida',
  INVALID_TIME: 'Por favor, escriba una hora válida',
  UNDER_AGE: 'Menor de 18 años, llame a {0} (inscripción por teléfono)',
  INVALID_PHONE: 'Número de teléfono no válido',
  INVALID_MOBILE: 'Teléfono celular no válido',
  ADDRESS_MUST_CONTAIN: 'La dirección debe contener {0}',
  INVALID_URL: 'Por favor, escriba una URL válida',
  MIN_LENGTH: 'Mínimo {0} caracteres',
  MAX_LENGTH: 'Máximo {0} caracteres',
  ONE_WORD: 'Al menos una palabra de dos letras',
  INVALID_VALUE: 'Valor no válido',
  UNKNOWN_FIELD: 'Campo desconocido',
  LOGIN_FAILED: 'Nombre de usuario, contraseña o código de verificación no válidos',
  VERIFICATION_CODE_INCORRECT: 'El código de verificación es incorrecto',
  ACCOUNT_DISABLED: 'Su cuenta está deshabilitada temporalmente, por favor, comuníquese con el equipo de soporte del proveedor.',
  CONSOLE_STAFF_ONLY: 'Este acceso es para el personal. Los estudiantes y los coaches inician sesión en el portal del estudiante.',
  PORTAL_STUDENTS_ONLY: 'Este acceso es para estudiantes y coaches. El personal inicia sesión en la consola del personal.',
  USERNAME_TAKEN: 'El nombre de usuario ya está en uso',
  EMAIL_NOT_FOUND: 'No encontramos el correo electrónico proporcionado',
  RESET_FORM_EXPIRED: 'Este formulario ha vencido, por favor, envíe una nueva solicitud de recuperación de contraseña',
  SESSION_EXPIRED: 'Su sesión ha vencido, por favor, inicie sesión de nuevo',
  INVALID_CURRENT_PASSWORD: 'La contraseña actual no es válida',
  PASSWORD_MISMATCH: 'Las contraseñas no coinciden',
  NOT_PERMITTED: 'No permitido',
  NOT_FOUND: 'No encontrado',
  FORBIDDEN: 'No tiene permiso para realizar esta acción',
  ALREADY_ENROLLED: 'Ya está inscrito',
  SAME_STUDENT: 'Un estudiante no se puede fusionar consigo mismo',
  ROLE_IN_USE: 'El rol está asignado a administradores',
  ROLE_PROTECTED: 'Este rol no se puede modificar',
  ROLE_NAME_TAKEN: 'Ya existe un rol con este nombre',
  LAST_SUPER_ADMIN: 'No se puede eliminar al último superadministrador',
  FILTER_NAME_TAKEN: 'Ya existe un filtro guardado con este nombre',
  BUSINESS_CATEGORY_NAME_FIXED: 'El nombre de la categoría de negocio no se puede cambiar',
  TOO_MANY_ATTEMPTS: 'Demasiados intentos, por favor, intente de nuevo más tarde',
  PRODUCT_ENROLLMENT_WINDOW: 'El inicio de la inscripción del producto debe ser anterior al fin',
  PRODUCT_PUBLISH_REQUIREMENTS: 'Un producto necesita un plan de pago y un artículo para publicarse',
  PRODUCT_HAS_ACTIVE_APPLICATIONS: 'El producto no se puede archivar: tiene solicitudes activas',
  PRODUCT_ARCHIVED: 'El producto está archivado',
  COHORT_HAS_ACTIVE_ENROLLMENTS: 'La cohorte no se puede archivar: tiene inscripciones activas',
  COHORT_HAS_ACTIVE_APPLICATIONS: 'La cohorte no se puede archivar: tiene solicitudes activas',
  COHORT_IN_PRODUCT: 'La cohorte no se puede archivar: pertenece al producto {0}',
  COHORT_ARCHIVED: 'La cohorte está archivada',
  PROGRAM_HAS_CURRENT_COHORTS: 'El programa no se puede archivar: tiene cohortes en curso',
  PROGRAM_ARCHIVED: 'El programa está archivado',
  PROGRAM_ORG_UNIT_REQUIRED: 'Se requiere la unidad organizativa del programa',
  LMS_CONNECTION_REQUIRED: 'No hay una conexión con el sistema de aprendizaje (LMS) configurada para este programa',
  LMS_CONNECTION_REQUIRED_COHORT: 'No hay una conexión con el sistema de aprendizaje (LMS) configurada para esta cohorte',
  DISPLAY_ORDER_EXISTS: 'El orden de visualización ya existe',
  BUNDLE_NOT_ALLOWED: 'Solo un programa paquete puede incluir programas, nunca a sí mismo ni a otro paquete',
  MODULE_GROUP_NAME_TAKEN: 'Ya existe un grupo de módulos con este nombre',
  MODULE_GROUP_IN_USE: 'El grupo de módulos está en uso',
  PAYMENT_PLAN_IN_USE: 'El plan de pago lo usan productos',
  ACCOUNTING_LINE_OTHER_CATEGORY: 'La línea contable no pertenece a la categoría de negocio del programa',
  SKIPPED_SESSION_EXISTS: 'Esta fecha de sesión ya está omitida',
  DATE_RANGE_ORDER: 'El fin no puede ser anterior al inicio',
  EXTENDED_GRADUATION_BEFORE_END: 'La fecha de graduación extendida no puede ser anterior a la fecha de fin',
  SESSION_DATE_OUTSIDE_COHORT: 'La fecha debe estar entre las fechas de inicio y fin de la cohorte',
  EXTRA_PRODUCT_ARCHIVED: 'El producto adicional está archivado',
  ALREADY_APPLIED: 'Ya solicitó este producto',
  INVALID_STATUS: 'Estado no válido',
  INVALID_FLOW_TYPE: 'Tipo de flujo no válido',
  OPPORTUNITY_ID_REGISTERED: 'El ID de oportunidad ya está registrado',
  PERSONAL_INFO_INCOMPLETE: 'Información personal incompleta',
  NO_COURSE_SELECTED: 'No se seleccionó ningún curso',
  INVALID_PROMO_CODE: 'Código promocional no válido',
  VOUCHER_CODE_EXISTS: 'El código del cupón ya existe',
  MAX_STUDENTS_REACHED: 'Se alcanzó el máximo de estudiantes',
  ENROLLMENT_DATE_OUT_OF_RANGE: 'Fecha de inscripción fuera de rango',
  PENDING_REFUNDS: 'Hay reembolsos pendientes',
  PAYMENT_METHOD_REQUIRED: 'Se requiere un método de pago',
  PAYMENT_FAILURE: 'Error en el pago {0}',
  DUPLICATE_CARD: 'Tarjeta duplicada',
  NO_PAYMENT_PLAN_SELECTED: 'No se seleccionó ningún plan de pago',
  QUESTIONNAIRE_INCOMPLETE: 'Cuestionario incompleto',
  DOCUMENT_REQUIRED: 'Se requiere subir un documento',
  AGREEMENT_NOT_SIGNED: 'El acuerdo de inscripción no está firmado',
  ACM_REQUIREMENTS_INCOMPLETE: 'Requisitos de ACM incompletos',
  ENVELOPE_ALREADY_SIGNED: 'El acuerdo ya está firmado',
  ENVELOPE_VOIDED: 'Este acuerdo fue reemplazado por uno más reciente',
  SIGNATURE_MISMATCH: 'Escriba su nombre completo tal como aparece en el acuerdo',
  STUDENT_ARCHIVED: 'El estudiante está archivado',
  INVALID_CARD_NUMBER: 'Número de tarjeta no válido',
  CARD_EXPIRED: 'La tarjeta está vencida',
  INVALID_CVC: 'Código de seguridad no válido',
  METHOD_ASSIGNED_TO_PENDING_SCHEDULE: 'Un método asignado a un pago programado pendiente no se puede eliminar',
  DEFAULT_METHOD_BALANCE_DUE: 'El método predeterminado no se puede eliminar hasta que se pague el saldo',
  NO_DUE_BALANCE: 'No hay saldo vencido',
  PAYMENT_IN_PROGRESS: 'Hay otro pago en curso',
  NO_BALANCE: 'No hay saldo',
  AMOUNT_EXCEEDED: 'El monto excede lo adeudado',
  PAYMENT_DISABLED: 'Pagos deshabilitados',
  ALREADY_PROCESSED: 'Ya fue procesado',
  STATUS_INVALID: 'Estado no válido para esta acción',
  AMOUNT_LOWER_THAN_TO_BE_PAID: 'El monto es menor que lo que debe pagarse',
  PREPAY_AT_OR_ABOVE_PAYOFF: 'realice una liquidación total en lugar de un prepago',
  LEFTOVER_BALANCE: 'no deje un saldo de {0}, intente pagar el total restante {1}',
  MIN_PAYMENT_AMOUNT: 'El monto del pago debe ser mayor que 0.50',
  REFUND_AMOUNT_EXCEEDED: 'El monto excede el saldo a reembolsar o lo pagado',
  INVALID_SOURCE: 'Origen no válido',
  DISPUTE_NOT_PENDING: 'Solo se pueden verificar las disputas pendientes',
  PENDING_TRANSFER: 'Primero deben resolverse las transferencias pendientes',
  ONLY_ENROLLED_TRANSFER: 'Solo se pueden transferir las solicitudes en estado ENROLLED',
  TRANSFER_SAME_CATEGORY: 'La transferencia debe ir a un nuevo grupo de la misma categoría de negocio',
  TRANSFER_LIMIT_REACHED: 'Se alcanzó el límite de transferencias',
  PENDING_WITHDRAWAL: 'Existe un retiro pendiente',
  SAME_STATUS: 'El estado es el mismo',
  INVALID_INSTALLMENT_AMOUNT: 'Monto de cuota no válido',
  ACTIVE_WITHDRAWAL_EXISTS: 'Ya existe un retiro activo',
  UNSUPPORTED_MEDIA_TYPE: 'Envíe el cuerpo de la solicitud como JSON (Content-Type: application/json)',
  IDEMPOTENCY_KEY_REUSED: 'Esta Idempotency-Key ya se usó para una solicitud diferente',
  FINANCIAL_STATUS_FOLLOWS_DAYS_OVERDUE: 'El estado financiero de un plan activo sigue sus días de atraso; solo se puede fijar a mano en bancarrota o una vez cerrado el plan',
  CARD_CHARGE_FAILED: 'El pago con tarjeta no se realizó',
  CARD_REFUND_FAILED: 'El reembolso a la tarjeta no se realizó',
  CARD_PAYMENT_DISPUTED: 'Este pago se disputó ante el banco de la tarjeta',
  PAYMENT_CANCELLED_BY_STAFF: 'Cancelado por el personal',
  DECLINE_CARD_DECLINED: 'su tarjeta fue rechazada; pruebe con otra tarjeta o llame a su banco',
  DECLINE_INSUFFICIENT_FUNDS: 'su tarjeta no tiene fondos suficientes',
  DECLINE_EXPIRED_CARD: 'su tarjeta está vencida',
  DECLINE_INCORRECT_CVC: 'el código de seguridad de su tarjeta es incorrecto',
  DECLINE_PROCESSING_ERROR: 'no se pudo procesar la tarjeta; inténtelo de nuevo en unos minutos',
  JOB_ALREADY_RUNNING: 'El trabajo ya está en curso',
  JOB_ALREADY_PAUSED: 'El trabajo ya está en pausa',
  JOB_NOT_PAUSED: 'El trabajo no está en pausa',
  INVALID_CRON_EXPRESSION: 'Expresión cron no válida',
  DOMAIN_EVENT_NOT_FAILED: 'Solo se puede volver a enviar una entrega fallida',
  INVALID_APP_VERSION: 'Escriba la versión como números separados por puntos, p. ej. 2.4.1',
  APP_VERSION_EXISTS: 'Esta versión ya existe para esta plataforma',
  APP_VERSION_IN_USE: 'Esta versión es la versión mínima admitida de su plataforma; cambie primero la configuración de la aplicación móvil',
  MINIMUM_VERSION_NOT_RELEASED: 'La versión mínima admitida debe ser una versión de la aplicación de su plataforma publicada a más tardar hoy',
  SCHEDULED_DATE_NOT_FUTURE: 'La fecha programada debe ser futura',
  COMMUNICATION_ALREADY_SENDING: 'La comunicación ya se está enviando y no se puede modificar',
  INTENT_NOT_FINISHED: 'Este mensaje aún se está enviando; se puede volver a enviar cuando se haya enviado o haya fallado',
  INTENT_ALREADY_RESENT: 'Este mensaje ya se volvió a enviar; vuelva a enviar su intento más reciente',
  ENGLISH_TEMPLATE_REQUIRED: 'Se requiere al menos una plantilla en inglés',
  LANGUAGE_TEMPLATE_EXISTS: 'Ya existe una plantilla en este idioma',
  TEMPLATE_KEY_TAKEN: 'Ya existe una plantilla de comunicación con esta clave',
  SYSTEM_TEMPLATE_KEY_FIXED: 'La clave de una plantilla que envía el sistema no se puede cambiar',
  SYSTEM_TEMPLATE_NOT_DELETED: 'Una plantilla que envía el sistema no se puede eliminar',
  TEMPLATE_IN_USE: 'La plantilla la usan comunicaciones o módulos',
  EMAIL_TEMPLATE_ARCHIVED: 'La plantilla de correo está archivada',
  PREVIOUS_SIGNUP_EXISTS: 'Ya existe una inscripción previa',
  TARGET_ALREADY_STARTED: 'La sesión de destino ya comenzó',
  DURATION_LIMIT: 'Límite de duración',
  LEARNING_SESSION_PUBLISH_MISSING: 'Para publicarse, una sesión de aprendizaje necesita {0}',
  LEARNING_SESSION_NOT_PUBLISHED: 'La sesión de aprendizaje no está publicada',
  LEARNING_SESSION_NOT_IN_SCOPE: 'El estudiante no tiene una inscripción activa en las cohortes de la sesión de aprendizaje',
  LEARNING_SESSION_HAS_SIGN_UPS: 'La sesión de aprendizaje tiene inscripciones; elimínelas primero',
  LEARNING_SESSION_PUBLISHED_NOT_DELETED: 'Una sesión de aprendizaje publicada no se puede eliminar; despublíquela primero',
  LEARNING_SESSION_CANCEL_NOTICE: 'Una inscripción solo se puede cancelar hasta 12 horas antes del inicio de la sesión',
  MAX_STUDENTS_BELOW_SIGN_UPS: 'El máximo de estudiantes no puede ser menor que el número de inscripciones',
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English templates with placeholders, compiled once: the regex captures each `{n}` value. */
let templates: Array<{ key: keyof typeof Messages; regex: RegExp; indexes: number[] }> | undefined;

function compiledTemplates(): NonNullable<typeof templates> {
  if (!templates) {
    templates = [];
    for (const key of Object.keys(Messages) as Array<keyof typeof Messages>) {
      const template: string = Messages[key];
      const indexes: number[] = [];
      const parts = template.split(/\{(\d+)\}/);
      if (parts.length === 1) continue;
      let source = '';
      parts.forEach((part, i) => {
        if (i % 2 === 0) source += escapeRegExp(part);
        else {
          indexes.push(Number(part));
          source += '([\\s\\S]+?)';
        }
      });
      templates.push({ key, regex: new RegExp(`^${source}$`), indexes });
    }
  }
  return templates;
}

/**
 * Translates one of the spec's user-facing messages (as the API answers it, placeholders already
 * filled) into `locale`. Unknown messages, and every message in English, come back unchanged.
 */
export function translateMessage(message: string, locale: 'en' | 'es'): string {
  if (locale !== 'es' || typeof message !== 'string') return message;
  for (const key of Object.keys(Messages) as Array<keyof typeof Messages>) {
    if (Messages[key] === message) return MessagesEs[key];
  }
  for (const { key, regex, indexes } of compiledTemplates()) {
    const match = regex.exec(message);
    if (!match) continue;
    const args: string[] = [];
    indexes.forEach((index, i) => {
      // A placeholder filled with one of our own messages (a decline reason) is translated too.
      args[index] = translateMessage(match[i + 1], locale);
    });
    return format(MessagesEs[key], ...args);
  }
  return message;
}
