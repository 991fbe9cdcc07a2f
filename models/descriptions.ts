/**
 * What the server records about what happened — activity-log entries and account-history lines — is
 * a key of this catalogue and its parameters, never a sentence: each UI writes it in its own language
 * (the English text is stored too, as the API's `description` and for keyword search). Shared by the
 * API, the console and the portal, so it stays browser-safe.
 *
 * In a template `{name}` is a parameter as given, `{name:money}` an amount in cents as dollars
 * (`$1,234.50` in both languages), `{name:date}` a YYYY-MM-DD date as MM-DD-YYYY, `{last4:card}` the
 * card a payment was made with (` (visa ending 4242)`, nothing without one), and `{name:Enum}` the
 * label of a value of that enumeration of ./enums, and `{name:text}` another key of this catalogue
 * written with the same parameters (a payment's own sentence inside "… accepted").
 */
import { toDisplayDate } from './dates';
import * as Enums from './enums';
import { enumLabel, type EnumName, type LabelLocale } from './labels';
import { formatCents } from '../domain/money';

const en = {
  // Activity log
  ARCHIVED: 'Archived',
  RESTORED: 'Restored',
  PUBLISHED: 'Published',
  UNPUBLISHED: 'Unpublished',
  ENROLLMENT_FLOW_CHANGED: 'Enrollment flow requirements',
  COHORT_CANCELLED: 'Cancelled',
  COHORT_REINSTATED: 'Reinstated',
  MODULES_SYNCED: 'Modules synced from the program: {count} added',
  SIGNED_UP: 'Signed up in the portal',
  APPLICATION_CREATED: 'Application to {product}',
  APPLICATION_STATUS_CHANGED: 'Application status {from:ApplicationStatus} → {to:ApplicationStatus}',
  AUTO_PAY_ON: 'Auto-pay turned on',
  AUTO_PAY_OFF: 'Auto-pay turned off',
  PROMO_CODE_APPLIED: 'Promo code {code} applied',
  PROMO_CODE_REMOVED: 'Promo code removed',
  VOUCHER_REFUND_REQUESTED: 'Voucher refund requested: {code}',
  VOUCHER_REFUND_STATUS: 'Voucher refund: {status:RequestStatus}',
  CARD_ADDED: 'Card added: {brand} ending {last4}',
  CARD_DEFAULT: 'Default card: {brand} ending {last4}',
  CARD_EXPIRY_UPDATED: 'Card expiry updated: {brand} ending {last4}',
  CARD_DELETED: 'Card deleted: {brand} ending {last4}',
  CARD_DELETED_NEW_DEFAULT: 'Card deleted: {brand} ending {last4}; default now {newBrand} ending {newLast4}',
  PLAN_UPDATED: 'Payment plan updated',
  PAYMENT_ACCOUNT_BLOCKED: 'Payment account blocked',
  PAYMENT_ACCOUNT_UNBLOCKED: 'Payment account unblocked',
  BANKRUPTCY_DECLARED: 'Bankruptcy declared',
  BANKRUPTCY_LIFTED: 'Bankruptcy lifted',
  FINANCIAL_STATUS_SET: 'Financial status set by staff',
  PLAN_PAYMENT_METHOD_CHANGED: 'Payment method of the plan changed',
  PLAN_CONCLUDED: 'Payment plan concluded',
  INSTALLMENT_REMINDER_SENT: 'Installment reminder sent to {email}: {amount:money} due {dueDate:date}',
  TAX_SET: 'Tax of installment {number} set to {amount:money}',
  EXTERNAL_PAYMENT_RECORDED: 'External payment recorded: {method:ManualPaymentMethod} {amount:money} on installment {number}',
  EXTERNAL_PAYMENT_DECIDED: '{method:ManualPaymentMethod} payment of {amount:money}: {status:ExternalPaymentStatus}',
  ONLINE_PAYMENT_CANCELLED: 'Online payment {paymentId} cancelled',
  REFUND_QUEUED: 'Refund queued ({source:RefundSource}): {amount:money}',
  TRANSFER_CREATED: 'Transfer to {product} requested (fee {fee:money}, rollover {rollover:money})',
  TRANSFER_DECIDED: 'Transfer to {product}: {status:TransferStatus}',
  WITHDRAWAL_CREATED: 'Withdrawal ({kind:WithdrawalKind}) requested: responsibility {responsibility:money}, refund {refund:money}',
  WITHDRAWAL_DECIDED: 'Withdrawal ({kind:WithdrawalKind}): {status:RequestStatus}',
  REFUND_STATUS: 'Refund: {status:RequestStatus}',
  REFUND_GIVEN_BACK: 'Refund {refundType:RefundType}: {amount:money} given back',
  REFUND_GIVEN_BACK_COMPLETED: 'Refund {refundType:RefundType}: {amount:money} given back, completed',
  REFUND_FAILED: 'Refund {refundType:RefundType} failed: {reason}',
  DISPUTE_LOST: 'Dispute lost: payment {paymentId} charged back',
  DISPUTE_WON: 'Dispute won: payment {paymentId} kept',
  STUDENT_MERGED_IN: 'Student #{id} ({email}) merged into this record',
  STUDENT_MERGED_INTO: 'Merged into student #{id} ({email})',
  // Account history
  PLAN_ISSUED: 'Payment plan issued: {plan}',
  PAYMENT_INSTALLMENT: 'Payment of installment {number}{last4:card}',
  PAYMENT_PRE_PAY: 'Pre-payment{last4:card}',
  PAYMENT_PAY_OFF: 'Pay-off{last4:card}',
  PAYMENT_AUTO_PAY: 'Auto-pay of installment {number}{last4:card}',
  PAYMENT_ENROLLMENT: 'Enrollment payment{last4:card}',
  PAYMENT_EXTERNAL: '{channel:PaymentChannel} payment',
  CHARGEBACK: 'Chargeback (dispute lost)',
  PAYMENT_VOIDED: 'Payment voided',
  REFUND_TO_CARD: 'Refund to card',
  REFUND_TO_CARD_ENDING: 'Refund to card ending {last4}',
  REFUND_EXTERNAL: 'Refund (external)',
  TAX_ON_INSTALLMENT: 'Tax on installment {number}',
  WITHDRAWAL_REDUCTION: 'Withdrawal reduction: the rest of the plan cancelled',
  WITHDRAWAL_REDUCTION_REISSUED: 'Withdrawal reduction: the rest of the plan cancelled, {amount:money} owed moved to {plan}',
  TRANSFER_REDUCTION: 'Transfer reduction: the rest of the plan cancelled, moved to {plan}',
  // The system's own timeline entries (issue 15): a plan issued, card payments, emails to the student.
  PLAN_ISSUED_OWED: 'Payment plan issued: {plan}, {total:money} owed',
  PAYMENT_ACCEPTED_LINE: '{payment:text} accepted: {amount:money}',
  PAYMENT_FAILED_LINE: '{payment:text} failed: {reason}',
  EMAIL_SENT_TO: 'Email sent to {email}: {subject}',
  EMAIL_NOT_DELIVERED_TO: 'Email not delivered to {email}: {subject}',
  // Coaching circles and learning sessions (issue 19, coach-portal).
  SESSIONS_GENERATED: 'Sessions generated: {count}',
  COACH_ADDED: 'Coach {coach} added',
  COACH_REMOVED: 'Coach {coach} removed',
  COACH_GROUP_CHANGED: "Coach {coach}'s group changed",
  CIRCLE_ATTENDANCE_TAKEN: 'Attendance in {circle}, session {number}: {status:AttendanceStatus}',
  LEARNING_SESSION_ATTENDANCE_TAKEN: 'Attendance in the learning session {title}: {status:AttendanceStatus}',
  CLONED_FROM: 'Copied from #{id}',
  // Learning systems (issue 21, lms).
  LMS_CONNECTION_CHECKED: 'Connection checked: {status:LmsConnectionStatus}',
  LMS_SYNCED: '{kind:LmsSyncKind} synced: {created} created, {updated} updated, {unchanged} unchanged, {failed} failed',
  LMS_ENROLLED: 'Enrolled in the learning system ({connection})',
  LMS_UNENROLLED: 'Unenrolled from the learning system ({connection})',
  LMS_MOVED: 'Moved in the learning system ({connection})',
  LMS_ENROLLMENT_FAILED: 'Learning-system enrollment failed ({connection}): {reason}',
  // Academic progress, graduation and certificates (issue 21).
  GRADUATED_FROM: 'Graduated from {program} ({cohort}): {status:GraduationStatus}',
  PROGRESS_RECORDED: '{requirement}: {done} done, score {score}',
  CERTIFICATE_ISSUED: 'Certificate issued: {name}',
  // Purchases (issue 21).
  PURCHASE_PAID: '{product} × {quantity} paid{last4:card}: {amount:money}',
  PURCHASE_DECLINED: '{product} × {quantity} declined{last4:card}: {reason}',
  PURCHASE_REFUND_REQUESTED: 'Refund of the purchase of {product} requested: {amount:money}',
  PURCHASE_REFUNDED: 'Purchase of {product} refunded: {amount:money}',
  COACH_PRODUCT_SIGNED_UP: 'Signed up for {product} with {coach}',
  COACH_PRODUCT_SESSION_HELD: 'Session {number} of {total} of {product} held',
} as const;

export type DescriptionKey = keyof typeof en;

const es: Record<DescriptionKey, string> = {
  ARCHIVED: 'Archivado',
  RESTORED: 'Restaurado',
  PUBLISHED: 'Publicado',
  UNPUBLISHED: 'Publicación retirada',
  ENROLLMENT_FLOW_CHANGED: 'Requisitos del flujo de inscripción',
  COHORT_CANCELLED: 'Cancelada',
  COHORT_REINSTATED: 'Restablecida',
  MODULES_SYNCED: 'Módulos sincronizados desde el programa: {count} agregados',
  SIGNED_UP: 'Se registró en el portal',
  APPLICATION_CREATED: 'Solicitud para {product}',
  APPLICATION_STATUS_CHANGED: 'Estado de la solicitud {from:ApplicationStatus} → {to:ApplicationStatus}',
  AUTO_PAY_ON: 'Pago automático activado',
  AUTO_PAY_OFF: 'Pago automático desactivado',
  PROMO_CODE_APPLIED: 'Código promocional {code} aplicado',
  PROMO_CODE_REMOVED: 'Código promocional eliminado',
  VOUCHER_REFUND_REQUESTED: 'Reembolso de cupón solicitado: {code}',
  VOUCHER_REFUND_STATUS: 'Reembolso de cupón: {status:RequestStatus}',
  CARD_ADDED: 'Tarjeta agregada: {brand} terminada en {last4}',
  CARD_DEFAULT: 'Tarjeta predeterminada: {brand} terminada en {last4}',
  CARD_EXPIRY_UPDATED: 'Vencimiento de la tarjeta actualizado: {brand} terminada en {last4}',
  CARD_DELETED: 'Tarjeta eliminada: {brand} terminada en {last4}',
  CARD_DELETED_NEW_DEFAULT: 'Tarjeta eliminada: {brand} terminada en {last4}; ahora la predeterminada es {newBrand} terminada en {newLast4}',
  PLAN_UPDATED: 'Plan de pago actualizado',
  PAYMENT_ACCOUNT_BLOCKED: 'Cuenta de pagos bloqueada',
  PAYMENT_ACCOUNT_UNBLOCKED: 'Cuenta de pagos desbloqueada',
  BANKRUPTCY_DECLARED: 'Bancarrota declarada',
  BANKRUPTCY_LIFTED: 'Bancarrota levantada',
  FINANCIAL_STATUS_SET: 'Estado financiero fijado por el personal',
  PLAN_PAYMENT_METHOD_CHANGED: 'Método de pago del plan cambiado',
  PLAN_CONCLUDED: 'Plan de pago concluido',
  INSTALLMENT_REMINDER_SENT: 'Recordatorio de cuota enviado a {email}: {amount:money} con vencimiento el {dueDate:date}',
  TAX_SET: 'Impuesto de la cuota {number} fijado en {amount:money}',
  EXTERNAL_PAYMENT_RECORDED: 'Pago externo registrado: {method:ManualPaymentMethod} {amount:money} en la cuota {number}',
  EXTERNAL_PAYMENT_DECIDED: 'Pago externo ({method:ManualPaymentMethod}) de {amount:money}: {status:ExternalPaymentStatus}',
  ONLINE_PAYMENT_CANCELLED: 'Pago en línea {paymentId} cancelado',
  REFUND_QUEUED: 'Reembolso en cola ({source:RefundSource}): {amount:money}',
  TRANSFER_CREATED: 'Transferencia a {product} solicitada (cargo {fee:money}, traspaso {rollover:money})',
  TRANSFER_DECIDED: 'Transferencia a {product}: {status:TransferStatus}',
  WITHDRAWAL_CREATED: 'Retiro ({kind:WithdrawalKind}) solicitado: responsabilidad {responsibility:money}, reembolso {refund:money}',
  WITHDRAWAL_DECIDED: 'Retiro ({kind:WithdrawalKind}): {status:RequestStatus}',
  REFUND_STATUS: 'Reembolso: {status:RequestStatus}',
  REFUND_GIVEN_BACK: 'Reembolso {refundType:RefundType}: {amount:money} devueltos',
  REFUND_GIVEN_BACK_COMPLETED: 'Reembolso {refundType:RefundType}: {amount:money} devueltos, completado',
  REFUND_FAILED: 'Reembolso {refundType:RefundType} fallido: {reason}',
  DISPUTE_LOST: 'Disputa perdida: contracargo del pago {paymentId}',
  DISPUTE_WON: 'Disputa ganada: se conserva el pago {paymentId}',
  STUDENT_MERGED_IN: 'El estudiante n.º {id} ({email}) se fusionó en este registro',
  STUDENT_MERGED_INTO: 'Fusionado en el estudiante n.º {id} ({email})',
  PLAN_ISSUED: 'Plan de pago emitido: {plan}',
  PAYMENT_INSTALLMENT: 'Pago de la cuota {number}{last4:card}',
  PAYMENT_PRE_PAY: 'Pago anticipado{last4:card}',
  PAYMENT_PAY_OFF: 'Liquidación total{last4:card}',
  PAYMENT_AUTO_PAY: 'Pago automático de la cuota {number}{last4:card}',
  PAYMENT_ENROLLMENT: 'Pago de inscripción{last4:card}',
  PAYMENT_EXTERNAL: 'Pago externo ({channel:PaymentChannel})',
  CHARGEBACK: 'Contracargo (disputa perdida)',
  PAYMENT_VOIDED: 'Pago anulado',
  REFUND_TO_CARD: 'Reembolso a la tarjeta',
  REFUND_TO_CARD_ENDING: 'Reembolso a la tarjeta terminada en {last4}',
  REFUND_EXTERNAL: 'Reembolso (externo)',
  TAX_ON_INSTALLMENT: 'Impuesto de la cuota {number}',
  WITHDRAWAL_REDUCTION: 'Reducción por retiro: el resto del plan cancelado',
  WITHDRAWAL_REDUCTION_REISSUED: 'Reducción por retiro: el resto del plan cancelado, {amount:money} a pagar pasan a {plan}',
  TRANSFER_REDUCTION: 'Reducción por transferencia: el resto del plan cancelado, traspasado a {plan}',
  PLAN_ISSUED_OWED: 'Plan de pago emitido: {plan}, {total:money} a pagar',
  PAYMENT_ACCEPTED_LINE: '{payment:text} aceptado: {amount:money}',
  PAYMENT_FAILED_LINE: '{payment:text} no realizado: {reason}',
  EMAIL_SENT_TO: 'Correo enviado a {email}: {subject}',
  EMAIL_NOT_DELIVERED_TO: 'Correo no entregado a {email}: {subject}',
  SESSIONS_GENERATED: 'Sesiones generadas: {count}',
  COACH_ADDED: 'Coach {coach} agregado',
  COACH_REMOVED: 'Coach {coach} retirado',
  COACH_GROUP_CHANGED: 'Grupo del coach {coach} modificado',
  CIRCLE_ATTENDANCE_TAKEN: 'Asistencia en {circle}, sesión {number}: {status:AttendanceStatus}',
  LEARNING_SESSION_ATTENDANCE_TAKEN: 'Asistencia en la sesión de aprendizaje {title}: {status:AttendanceStatus}',
  CLONED_FROM: 'Copiado de n.º {id}',
  LMS_CONNECTION_CHECKED: 'Conexión verificada: {status:LmsConnectionStatus}',
  LMS_SYNCED: '{kind:LmsSyncKind} sincronizado: {created} creados, {updated} actualizados, {unchanged} sin cambios, {failed} fallidos',
  LMS_ENROLLED: 'Inscrito en el sistema de aprendizaje ({connection})',
  LMS_UNENROLLED: 'Dado de baja del sistema de aprendizaje ({connection})',
  LMS_MOVED: 'Movido en el sistema de aprendizaje ({connection})',
  LMS_ENROLLMENT_FAILED: 'Falló la inscripción en el sistema de aprendizaje ({connection}): {reason}',
  GRADUATED_FROM: 'Graduación de {program} ({cohort}): {status:GraduationStatus}',
  PROGRESS_RECORDED: '{requirement}: {done} completados, puntuación {score}',
  CERTIFICATE_ISSUED: 'Certificado emitido: {name}',
  PURCHASE_PAID: '{product} × {quantity} pagado{last4:card}: {amount:money}',
  PURCHASE_DECLINED: '{product} × {quantity} rechazado{last4:card}: {reason}',
  PURCHASE_REFUND_REQUESTED: 'Reembolso solicitado de la compra de {product}: {amount:money}',
  PURCHASE_REFUNDED: 'Compra de {product} reembolsada: {amount:money}',
  COACH_PRODUCT_SIGNED_UP: 'Inscripción en {product} con {coach}',
  COACH_PRODUCT_SESSION_HELD: 'Sesión {number} de {total} de {product} realizada',
};

export const DescriptionTemplates: Readonly<Record<LabelLocale, Readonly<Record<DescriptionKey, string>>>> = { en, es };

export type DescriptionParams = Readonly<Record<string, string | number | null>>;

/** What happened: a key of the catalogue and its parameters (stored as such; written in each UI's language). */
export interface Description {
  key: DescriptionKey;
  params?: DescriptionParams;
}

/** A payment's own description inside an outcome's sentence ("… accepted: $X", "… failed: why"): `{payment:text}` with its parameters. */
export const paymentOutcome = (payment: Description, key: 'PAYMENT_ACCEPTED_LINE' | 'PAYMENT_FAILED_LINE', params: DescriptionParams): Description => ({
  key,
  params: { ...payment.params, ...params, payment: payment.key },
});

/** A description (the catalogue's key, its parameters). */
export const description = (key: DescriptionKey, params?: DescriptionParams): Description => (params ? { key, params } : { key });

export const isDescriptionKey = (key: unknown): key is DescriptionKey => typeof key === 'string' && Object.prototype.hasOwnProperty.call(en, key);

const isEnumName = (name: string): name is EnumName => Array.isArray((Enums as Record<string, unknown>)[name]);

const money = (cents: unknown) => {
  const n = Number(cents);
  return Number.isFinite(n) ? formatCents(n) : '';
};

const CARD = {
  en: (brand: string | null, last4: string) => ` (${brand || 'card'} ending ${last4})`,
  es: (brand: string | null, last4: string) => ` (${brand || 'tarjeta'} terminada en ${last4})`,
};

const PLACEHOLDER = /\{(\w+)(?::(\w+))?\}/g;

/** One placeholder of `key`'s template written with the params: `{name}` as it is, `{name:format}` formatted. */
function placeholderText(key: string, name: string, format: string | undefined, params: DescriptionParams | null | undefined, locale: LabelLocale): string {
  const value = params?.[name];
  if (format === 'text') return isDescriptionKey(value) && value !== key ? (describeText(value, params, locale) ?? '') : '';
  if (format === 'card') return value ? CARD[locale === 'es' ? 'es' : 'en'](params?.brand ? String(params.brand) : null, String(value)) : '';
  if (value === null || value === undefined) return '';
  if (format === 'money') return money(value);
  if (format === 'date') return toDisplayDate(String(value));
  if (format && isEnumName(format)) return enumLabel(format, String(value), locale);
  return String(value);
}

/** The sentence of a key and its parameters in `locale`; null for a key the catalogue does not have. */
export function describeText(key: string | null | undefined, params: DescriptionParams | null | undefined, locale: LabelLocale = 'en'): string | null {
  if (!isDescriptionKey(key)) return null;
  const table = DescriptionTemplates[locale] ?? DescriptionTemplates.en;
  return table[key].replace(PLACEHOLDER, (_, name: string, format: string | undefined) => placeholderText(key, name, format, params, locale));
}

/** A described text in parts: `data` marks what a person typed or a message said (names, subjects, emails), written as it was. */
export interface DescribedPart {
  text: string;
  data: boolean;
}

/**
 * `describeText` in parts, so a UI can mark the data it quotes (a plain `{param}`: a name, an email,
 * a subject in the student's language) as not its own words; formatted params (money, dates, enum
 * labels, cards, nested descriptions) are the product's words.
 */
export function describeParts(key: string | null | undefined, params: DescriptionParams | null | undefined, locale: LabelLocale = 'en'): DescribedPart[] | null {
  if (!isDescriptionKey(key)) return null;
  const template = (DescriptionTemplates[locale] ?? DescriptionTemplates.en)[key];
  const parts: DescribedPart[] = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m.index > last) parts.push({ text: template.slice(last, m.index), data: false });
    const text = placeholderText(key, m[1], m[2], params, locale);
    if (text) parts.push({ text, data: !m[2] });
    last = m.index + m[0].length;
  }
  if (last < template.length) parts.push({ text: template.slice(last), data: false });
  return parts;
}

/** The columns a described row stores: the English text (`description`) and the key and parameters (JSON) the UIs write it from. */
export function describedColumns(d: Description): { description: string; descriptionKey: DescriptionKey; descriptionParams: string | null } {
  return { description: describeText(d.key, d.params, 'en') ?? d.key, descriptionKey: d.key, descriptionParams: d.params ? JSON.stringify(d.params) : null };
}

/** A stored row's key and parameters as the API answers them (`descriptionParams` parsed; null when the row has none). */
export function descriptionFields(row: { descriptionKey?: string | null; descriptionParams?: string | null }): {
  descriptionKey: string | null;
  descriptionParams: DescriptionParams | null;
} {
  let params: DescriptionParams | null = null;
  if (row.descriptionParams) {
    try {
      params = JSON.parse(row.descriptionParams) as DescriptionParams;
    } catch {
      params = null;
    }
  }
  return { descriptionKey: row.descriptionKey ?? null, descriptionParams: params };
}

/**
 * What a UI shows for a row the API answered: its key and parameters written in `locale`; a row
 * recorded before keys existed (or with a key this build does not know) shows its stored text.
 */
export function describedText(row: { description?: string | null; descriptionKey?: string | null; descriptionParams?: DescriptionParams | null }, locale: LabelLocale): string {
  return describeText(row.descriptionKey, row.descriptionParams, locale) ?? row.description ?? '';
}
