import { Op, Utils, type Transaction, type WhereOptions } from 'sequelize';
import { Communication, CommunicationIntent, EmailTemplate, Student } from '../../models';
import type { CommunicationStatus, Of } from '../../models/enums';
import { Messages } from '../../models/messages';
import { schoolWallTime } from '../catalogue/date-times';
import { stamp, updatedByOf } from '../common/audit';
import type { Actor, Deps } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { escapeAs } from '../common/rows';
import { selectRows, updateSql } from '../common/sql';
import { findStudentsByCriteria } from '../students/students.service';
import { studentCriteria } from '../students/students.schemas';
import { composeFromCommunication, loadTemplates, recipientParams, RECIPIENT_PARAMS, type LoadedCommunication, type LoadedTemplate } from './compose';
import { resendIntent } from './dispatcher';
import { MissingParamsError, TemplateSyntaxError, checkPlaceholders, placeholdersOf } from './render';
import { communicationSortable, intentSortable, type CommunicationInput, type CommunicationListQuery, type IntentsFilter, type PreviewInput } from './communications.schemas';

/**
 * Communications staff write (issue 17; back-office spec §3, §5 "Communication save", §7): saved
 * CREATED (NOW) or SCHEDULED (FUTURE, which must be in the future in America/New_York), category
 * always MANUAL_NOTIFICATION; recipients BROADCAST (active students), SPECIFIC (student ids) or FILTER
 * (the students list's criteria). Its intents — one per recipient and channel (EMAIL, INBOX) — are
 * created set-based (`materialiseCommunication`: one INSERT … SELECT per channel, idempotent through
 * the dedupe key) right after a NOW save, and for due SCHEDULED ones by the dispatcher job
 * (`materialiseDueCommunications`); the dispatcher (delivery slice) sends them.
 */

type Status = Of<typeof CommunicationStatus>;

/** Statuses in which a communication has not started sending: it may still be changed. */
const EDITABLE: ReadonlySet<Status> = new Set<Status>(['CREATED', 'SCHEDULED', 'DRAFT']);

/** Enrollment statuses that make a student active (BROADCAST's recipients): in a class now. */
export const ACTIVE_ENROLLMENT_STATUSES = ['ACTIVE', 'RETAKING'] as const;

const sequelize = () => Communication.sequelize!;
const isMysql = () => ['mysql', 'mariadb'].includes(sequelize().getDialect());

// ---------------------------------------------------------------- answers

/** The list's row. */
export function communicationListDto(c: Communication) {
  return {
    id: c.id,
    type: c.type,
    category: c.category,
    recipientType: c.recipientType,
    scheduleType: c.scheduleType,
    scheduleDate: c.scheduleDate ?? null,
    scheduleTime: c.scheduleTime ?? null,
    scheduledAt: c.scheduledAt,
    subject: c.subject,
    status: c.status,
    recipientCount: c.recipientCount,
    sentAt: c.sentAt ?? null,
    communicationTemplateId: c.communicationTemplateId ?? null,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    updatedBy: updatedByOf(c),
  };
}

type IntentCounts = Record<'CREATED' | 'SENDING' | 'SENT' | 'FAILED', number>;

/** The whole record, with how many of its intents are in each status. */
export function communicationDto(c: LoadedCommunication, intentCounts: IntentCounts) {
  const t = c.communicationTemplate;
  return {
    ...communicationListDto(c),
    searchFilter: c.searchFilter ?? null,
    recipients: c.recipients ?? null,
    header: c.header ?? null,
    longMessageBody: c.longMessageBody ?? null,
    shortMessageBody: c.shortMessageBody ?? null,
    emailTemplateId: c.emailTemplateId ?? null,
    params: c.params ?? null,
    communicationTemplate: t ? { id: t.id, name: t.name, key: t.key, category: t.category, availableParams: t.availableParams } : null,
    createdById: c.createdById ?? null,
    intentCounts,
  };
}
export type CommunicationDto = ReturnType<typeof communicationDto>;

type IntentRow = CommunicationIntent & {
  student?: Pick<Student, 'id' | 'firstName' | 'lastName' | 'email'> | null;
  communication?: Pick<Communication, 'id' | 'subject' | 'type' | 'category'> | null;
};

export function intentDto(i: IntentRow) {
  return {
    id: i.id,
    communicationId: i.communicationId ?? null,
    templateKey: i.templateKey ?? null,
    studentId: i.studentId ?? null,
    student: i.student ? { id: i.student.id, firstName: i.student.firstName, lastName: i.student.lastName, email: i.student.email } : null,
    communication: i.communication ? { id: i.communication.id, subject: i.communication.subject, type: i.communication.type, category: i.communication.category } : null,
    toAddress: i.toAddress ?? null,
    language: i.language,
    channel: i.channel,
    status: i.status,
    subject: i.subject ?? i.communication?.subject ?? null,
    attempts: i.attempts,
    lastError: i.lastError ?? null,
    nextAttemptAt: i.nextAttemptAt,
    resendOfId: i.resendOfId ?? null,
    sentAt: i.sentAt ?? null,
    readAt: i.readAt ?? null,
    createdAt: i.createdAt,
  };
}
export type IntentDto = ReturnType<typeof intentDto>;

// ---------------------------------------------------------------- reading

const listSpec: ListSpec<Communication> = { model: Communication, sortable: communicationSortable, defaultSort: 'sentAt', defaultDescending: true, keywordColumns: ['subject'] };

/** GET /communications: categories, statuses, keyword on the subject (a number also finds the id). */
export function listCommunications(q: CommunicationListQuery) {
  return runList(
    listSpec,
    q,
    [q.categories?.length ? { category: { [Op.in]: q.categories } } : null, q.statuses?.length ? { status: { [Op.in]: q.statuses } } : null],
    communicationListDto,
  );
}

async function intentCountsOf(communicationId: number, transaction?: Transaction): Promise<IntentCounts> {
  const rows = (await CommunicationIntent.findAll({
    attributes: ['status', [sequelize().fn('COUNT', sequelize().col('id')), 'n']],
    where: { communicationId },
    group: ['status'],
    raw: true,
    transaction,
  })) as unknown as Array<{ status: keyof IntentCounts; n: number | string }>;
  const counts: IntentCounts = { CREATED: 0, SENDING: 0, SENT: 0, FAILED: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

async function loadCommunication(id: number, transaction?: Transaction): Promise<LoadedCommunication> {
  const c = (await Communication.findByPk(id, { include: [{ association: 'communicationTemplate', required: false }], transaction })) as LoadedCommunication | null;
  if (!c) throw AppError.notFound('Communication');
  return c;
}

/** GET /communications/{id}. */
export async function getCommunication(id: number): Promise<CommunicationDto> {
  const c = await loadCommunication(id);
  return communicationDto(c, await intentCountsOf(id));
}

// ---------------------------------------------------------------- saving

/** The student criteria of a FILTER as where conditions (the students list's, never the archived ones). */
function filterConditions(searchFilter: Record<string, unknown> | null | undefined): WhereOptions[] {
  const { archived: _archived, ...criteria } = searchFilter ?? {};
  return criteriaWhere(studentCriteria, criteria, sequelize().getDialect());
}

type Prepared = Omit<Communication['_creationAttributes'], 'id' | 'createdAt' | 'updatedAt' | 'recipientCount' | 'sentAt' | 'createdById' | 'updatedById' | 'updatedByName'> & {
  status: Status;
};

/**
 * A body → the columns of a communication, or the contract's refusals: 400 with every field error
 * at once (what each recipient type and schedule needs, a subject and body without a template,
 * placeholders the params do not give, unknown students or templates), then 409 'Scheduled date
 * must be in the future'.
 */
async function prepare(input: CommunicationInput, now: Date): Promise<Prepared> {
  const errors: Record<string, string> = {};
  const recipientType = input.recipientType ?? 'BROADCAST';
  const scheduleType = input.scheduleType ?? 'NOW';
  const params = input.params ?? null;
  const paramNames = Object.keys(params ?? {});

  let recipients: number[] | null = null;
  if (recipientType === 'SPECIFIC') {
    recipients = [...new Set(input.recipients ?? [])];
    if (!recipients.length) errors.recipients = Messages.REQUIRED;
    else {
      const found = new Set((await Student.findAll({ attributes: ['id'], where: { id: recipients, archived: false }, raw: true })).map((s) => s.id));
      const unknown = recipients.filter((id) => !found.has(id));
      if (unknown.length) errors.recipients = `Unknown students: ${unknown.slice(0, 20).join(', ')}`;
    }
  }
  let searchFilter: Record<string, unknown> | null = null;
  if (recipientType === 'FILTER') {
    searchFilter = (input.searchFilter ?? null) as Record<string, unknown> | null;
    if (!searchFilter || filterConditions(searchFilter).length === 0) errors.searchFilter = 'Choose at least one criterion';
  }

  let scheduledAt = now;
  let scheduleDate: string | null = null;
  let scheduleTime: string | null = null;
  if (scheduleType === 'FUTURE') {
    scheduleDate = input.scheduleDate ?? null;
    scheduleTime = input.scheduleTime ?? null;
    if (!scheduleDate) errors.scheduleDate = Messages.REQUIRED;
    if (!scheduleTime) errors.scheduleTime = Messages.REQUIRED;
    if (scheduleDate && scheduleTime) scheduledAt = schoolWallTime(scheduleDate, scheduleTime);
  }

  let template: LoadedTemplate | null = null;
  let subject = input.subject ?? null;
  if (input.communicationTemplateId) {
    [template] = await loadTemplates({ ids: [input.communicationTemplateId] });
    if (!template) errors.communicationTemplateId = 'Unknown communication template';
    else {
      // Every placeholder of its contents (all languages) must have a value: the recipient's or a param.
      const given = new Set<string>([...RECIPIENT_PARAMS, ...paramNames]);
      const needed = new Set<string>();
      try {
        for (const content of template.contents) {
          for (const t of [content.subject, content.messageBodyTemplate, content.inboxTemplate, content.emailTemplateHtml]) if (t) placeholdersOf(t).forEach((n) => needed.add(n));
        }
      } catch (err) {
        if (!(err instanceof TemplateSyntaxError)) throw err;
        errors.communicationTemplateId = err.message;
      }
      const missing = [...needed].filter((n) => !given.has(n)).sort();
      const allowed = new Set<string>([...RECIPIENT_PARAMS, ...template.availableParams]);
      const unknown = paramNames.filter((n) => !allowed.has(n));
      if (missing.length) errors.params = `Missing params: ${missing.join(', ')}`;
      else if (unknown.length) errors.params = `Unknown params: ${unknown.join(', ')}`;
      const english = template.contents.find((c) => c.language === 'EN') ?? template.contents[0];
      subject ??= english?.subject ?? template.name;
    }
  } else {
    if (!input.subject) errors.subject = Messages.REQUIRED;
    if (!input.longMessageBody) errors.longMessageBody = Messages.REQUIRED;
    Object.assign(
      errors,
      checkPlaceholders({ subject: input.subject, header: input.header, longMessageBody: input.longMessageBody, shortMessageBody: input.shortMessageBody }, [
        ...RECIPIENT_PARAMS,
        ...paramNames,
      ]),
    );
  }
  if (input.emailTemplateId) {
    const wrapper = await EmailTemplate.findByPk(input.emailTemplateId, { attributes: ['id', 'deleted'] });
    if (!wrapper || wrapper.deleted) errors.emailTemplateId = 'Unknown email template';
  }
  if (Object.keys(errors).length) throw AppError.badRequest(errors);
  if (scheduleType === 'FUTURE' && scheduledAt.getTime() <= now.getTime()) throw AppError.conflict('SCHEDULED_DATE_NOT_FUTURE', Messages.SCHEDULED_DATE_NOT_FUTURE);

  return {
    type: input.type ?? 'MESSAGE',
    category: 'MANUAL_NOTIFICATION',
    recipientType,
    recipients,
    searchFilter,
    scheduleType,
    scheduleDate,
    scheduleTime,
    scheduledAt,
    subject: subject ?? '',
    header: input.header ?? null,
    longMessageBody: input.longMessageBody ?? null,
    shortMessageBody: input.shortMessageBody ?? null,
    communicationTemplateId: template?.id ?? null,
    emailTemplateId: input.emailTemplateId ?? null,
    params,
    status: scheduleType === 'NOW' ? 'CREATED' : 'SCHEDULED',
  };
}

/** Intents of a NOW communication right after its save, so the answer tells the recipients; a failure is left to the dispatcher job. */
async function materialiseNow(deps: Pick<Deps, 'log'>, id: number): Promise<void> {
  try {
    await materialiseCommunication(deps, id);
  } catch (err) {
    deps.log.error({ err, communicationId: id }, 'communication intents not created; the dispatcher job will retry');
  }
}

/** POST /communications: saved CREATED (NOW, its intents made at once) or SCHEDULED (FUTURE). */
export async function createCommunication(deps: Pick<Deps, 'log'>, input: CommunicationInput, actor: Actor): Promise<CommunicationDto> {
  const values = await prepare(input, new Date());
  const c = await sequelize().transaction((transaction) => Communication.create({ ...values, createdById: actor.userId, ...stamp(actor) }, { transaction }));
  if (values.status === 'CREATED') await materialiseNow(deps, c.id);
  return getCommunication(c.id);
}

const alreadySending = () => AppError.conflict('COMMUNICATION_ALREADY_SENDING', Messages.COMMUNICATION_ALREADY_SENDING);

/** PUT /communications/{id}: the whole communication again, only while it has not started sending. */
export async function updateCommunication(deps: Pick<Deps, 'log'>, id: number, input: CommunicationInput, actor: Actor): Promise<CommunicationDto> {
  const current = await Communication.findByPk(id, { attributes: ['id', 'status'] });
  if (!current) throw AppError.notFound('Communication');
  if (!EDITABLE.has(current.status)) throw alreadySending();
  const values = await prepare(input, new Date());
  await sequelize().transaction(async (transaction) => {
    const c = await Communication.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!c) throw AppError.notFound('Communication');
    // Checked again under the row's lock: the dispatcher may have started it meanwhile.
    if (!EDITABLE.has(c.status)) throw alreadySending();
    await c.update({ ...values, ...stamp(actor) }, { transaction });
  });
  if (values.status === 'CREATED') await materialiseNow(deps, id);
  return getCommunication(id);
}

// ---------------------------------------------------------------- recipients → intents

/** The SQL condition (on `students`) of a communication's recipients. */
function recipientsWhereSql(c: Communication): string {
  const qg = sequelize().getQueryInterface().queryGenerator as unknown as { whereQuery(where: WhereOptions): string };
  const where = (conditions: WhereOptions[]) => qg.whereQuery(Utils.mapWhereFieldNames({ [Op.and]: conditions }, Student) as WhereOptions).replace(/^WHERE /, '');
  switch (c.recipientType) {
    case 'SPECIFIC':
      return c.recipients?.length ? where([{ archived: false }, { id: { [Op.in]: c.recipients } }]) : '1 = 0';
    case 'FILTER': {
      const conditions = filterConditions(c.searchFilter);
      // A filter without criteria reaches nobody (the save refuses it; a stored one is never widened).
      return conditions.length ? where([{ archived: false, isStudent: true }, ...conditions]) : '1 = 0';
    }
    default: {
      const statuses = ACTIVE_ENROLLMENT_STATUSES.map((s) => sequelize().escape(s)).join(', ');
      return `${where([{ archived: false, isStudent: true, active: true }])} AND EXISTS (SELECT 1 FROM enrollments e WHERE e.student_id = students.id AND e.status IN (${statuses}))`;
    }
  }
}

/**
 * One INSERT … SELECT per channel: an intent per recipient, CREATED, due now, in the student's
 * language, with the dedupe key `c:<communicationId>:<studentId>:<channel>` so running it again
 * creates none twice (INSERT IGNORE / INSERT OR IGNORE). Answers the rows inserted.
 */
async function insertIntents(c: Communication, channel: 'EMAIL' | 'INBOX', extraWhere: string, now: Date, transaction: Transaction): Promise<number> {
  const esc = (v: unknown) => sequelize().escape(v as string);
  const prefix = `c:${c.id}:`;
  const dedupe = isMysql() ? `CONCAT(${esc(prefix)}, id, ${esc(`:${channel}`)})` : `${esc(prefix)} || id || ${esc(`:${channel}`)}`;
  const at = escapeAs(CommunicationIntent, 'createdAt', now);
  const sql = [
    `INSERT ${isMysql() ? 'IGNORE' : 'OR IGNORE'} INTO communication_intents`,
    '(communication_id, student_id, to_address, language, channel, status, dedupe_key, subject, attempts, next_attempt_at, created_at, updated_at)',
    `SELECT ${c.id}, id, email, CASE WHEN language_iso2_letter_code = 'ES' THEN 'ES' ELSE 'EN' END, ${esc(channel)}, 'CREATED', ${dedupe}, ${esc(c.subject)}, 0, ${at}, ${at}, ${at}`,
    `FROM students WHERE ${recipientsWhereSql(c)}${extraWhere}`,
  ].join(' ');
  return updateSql(sequelize(), sql, transaction);
}

export interface Materialised {
  /** Whether this call created the intents (false: not due, already sending, or gone). */
  materialised: boolean;
  recipientCount: number;
}

/**
 * A CREATED (or due SCHEDULED) communication's intents, set-based, and its move to SENDING (SENT at
 * once when nobody matches), in one transaction: the compare-and-set on the status lets one process
 * do it; a crash rolls it all back and the next run starts over. A communication of a MARKETING
 * template skips the email of students who opted out (the inbox still gets it); manual ones are
 * MANUAL_NOTIFICATION and reach everyone.
 */
export async function materialiseCommunication(_deps: unknown, id: number, now: Date = new Date()): Promise<Materialised> {
  return sequelize().transaction(async (transaction) => {
    const c = await Communication.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!c) return { materialised: false, recipientCount: 0 };
    const due = c.status === 'CREATED' || (c.status === 'SCHEDULED' && c.scheduledAt.getTime() <= now.getTime());
    if (!due) return { materialised: false, recipientCount: c.recipientCount };
    let marketing = false;
    if (c.communicationTemplateId) {
      const [template] = await loadTemplates({ ids: [c.communicationTemplateId] });
      marketing = template?.category === 'MARKETING';
    }
    await insertIntents(
      c,
      'EMAIL',
      marketing ? ` AND ${sequelize().getQueryInterface().quoteIdentifier('email_opt_in')} = ${sequelize().escape(true as never)}` : '',
      now,
      transaction,
    );
    await insertIntents(c, 'INBOX', '', now, transaction);
    // Every recipient has an inbox intent (emails may be skipped by an opt-out): they are the recipients.
    const [{ n }] = await selectRows<{ n: number | string }>(
      sequelize(),
      `SELECT COUNT(*) AS n FROM communication_intents WHERE communication_id = ${c.id} AND channel = 'INBOX' AND resend_of_id IS NULL`,
      transaction,
    );
    const recipientCount = Number(n);
    await c.update({ status: recipientCount > 0 ? 'SENDING' : 'SENT', recipientCount, sentAt: now }, { transaction });
    return { materialised: true, recipientCount };
  });
}

/**
 * For the dispatcher job: every CREATED communication and every SCHEDULED one now due (oldest first,
 * `limit` a run) → its intents, status SENDING. One failing is logged and left for the next run.
 * Answers how many were materialised.
 */
export async function materialiseDueCommunications(deps: Pick<Deps, 'log'>, now: Date = new Date(), limit = 20): Promise<number> {
  const due = await Communication.findAll({
    attributes: ['id'],
    where: { [Op.or]: [{ status: 'CREATED' }, { status: 'SCHEDULED', scheduledAt: { [Op.lte]: now } }] },
    order: [
      ['scheduledAt', 'ASC'],
      ['id', 'ASC'],
    ],
    limit,
    raw: true,
  });
  let done = 0;
  for (const { id } of due) {
    try {
      if ((await materialiseCommunication(deps, id, now)).materialised) done += 1;
    } catch (err) {
      deps.log.error({ err, communicationId: id }, 'communication intents not created');
    }
  }
  return done;
}

// ---------------------------------------------------------------- intents

const intentSpec: ListSpec<CommunicationIntent> = {
  model: CommunicationIntent,
  sortable: intentSortable,
  defaultSort: 'sentAt',
  defaultDescending: true,
  keywordColumns: [],
  include: [
    { association: 'student', attributes: ['id', 'firstName', 'lastName', 'email'], required: false },
    { association: 'communication', attributes: ['id', 'subject', 'type', 'category'], required: false },
  ],
};

const intentConditions = (f: IntentsFilter | undefined): WhereOptions[] => [
  ...(f?.statuses?.length ? [{ status: { [Op.in]: f.statuses } }] : []),
  ...(f?.channels?.length ? [{ channel: { [Op.in]: f.channels } }] : []),
];

/** POST /communications/{id}/communication_intents: its intents (sends and resends), paged. */
export async function listCommunicationIntents(id: number, q: PagingQuery, filter: IntentsFilter | undefined) {
  if (!(await Communication.findByPk(id, { attributes: ['id'] }))) throw AppError.notFound('Communication');
  return runList(intentSpec, { ...q, keyword: undefined }, [{ communicationId: id }, ...intentConditions(filter)], intentDto);
}

/** POST /students/{id}/communication_intents: every message to the student (communications and product emails), newest first. */
export async function listStudentIntents(studentId: number, q: PagingQuery, filter: IntentsFilter | undefined) {
  if (!(await Student.findByPk(studentId, { attributes: ['id'] }))) throw AppError.notFound('Student');
  return runList(intentSpec, { ...q, keyword: undefined }, [{ studentId }, ...intentConditions(filter)], intentDto);
}

/** POST /communications/{id}/communication_intents/{intentId}/resend: answers the new intent. */
export async function resendCommunicationIntent(deps: Deps, communicationId: number, intentId: number, actor: Actor): Promise<IntentDto> {
  const intent = await CommunicationIntent.findOne({ where: { id: intentId, communicationId }, attributes: ['id'] });
  if (!intent) throw AppError.notFound('Communication intent');
  const fresh = await resendIntent(deps, intentId, actor);
  const row = await CommunicationIntent.findByPk(fresh.id, { include: intentSpec.include });
  return intentDto(row as IntentRow);
}

/**
 * POST /communications/{id}/communication_intents/resend_failed: a new attempt of every FAILED intent
 * of the communication not resent yet, set-based (one INSERT … SELECT, idempotent through the dedupe
 * key). Answers how many were made.
 */
export async function resendFailedIntents(communicationId: number, now: Date = new Date()): Promise<{ count: number }> {
  if (!(await Communication.findByPk(communicationId, { attributes: ['id'] }))) throw AppError.notFound('Communication');
  const esc = (v: string) => sequelize().escape(v);
  const dedupe = isMysql() ? `CONCAT(${esc('r:')}, id)` : `${esc('r:')} || id`;
  const at = escapeAs(CommunicationIntent, 'createdAt', now);
  const sql = [
    `INSERT ${isMysql() ? 'IGNORE' : 'OR IGNORE'} INTO communication_intents`,
    '(communication_id, template_key, student_id, to_address, language, channel, status, params, dedupe_key, resend_of_id, subject, attempts, next_attempt_at, about_entity_type, about_entity_id, created_at, updated_at)',
    `SELECT communication_id, template_key, student_id, to_address, language, channel, 'CREATED', params, ${dedupe}, id, subject, 0, ${at}, about_entity_type, about_entity_id, ${at}, ${at}`,
    `FROM communication_intents WHERE communication_id = ${Number(communicationId)} AND status = 'FAILED'`,
  ].join(' ');
  const count = await sequelize().transaction((transaction) => updateSql(sequelize(), sql, transaction));
  return { count };
}

// ---------------------------------------------------------------- the delivery backlog

export interface DeliveryBacklog {
  /** CREATED: waiting to be sent (due now, or after a backoff). */
  waiting: number;
  /** Of those, the ones already tried and waiting for their next attempt (the mail server refused or was away). */
  retrying: number;
  /** Being sent now (claimed under a lease). */
  sending: number;
  /** FAILED for good and not sent again yet (a resend makes a new intent). */
  failed: number;
  /** When the oldest waiting one was made (null: none waits). */
  oldestWaitingSince: string | null;
  /** The next retry's time (null: none is retrying). */
  nextRetryAt: string | null;
}

const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/**
 * GET /communications/backlog: what the dispatcher has not delivered, over every intent (staff's
 * communications and the product's emails), for the console's communications screen — a mail
 * server that is away shows here as a growing number of retrying intents. Two aggregate queries over
 * the (status, next_attempt_at) index: the waiting and sending ones, and the FAILED ones without a
 * newer attempt.
 */
export async function deliveryBacklog(): Promise<DeliveryBacklog> {
  const [open] = await selectRows<{ waiting: number | string | null; retrying: number | string | null; sending: number | string | null; oldest: unknown; nextRetry: unknown }>(
    sequelize(),
    [
      "SELECT SUM(CASE WHEN status = 'CREATED' THEN 1 ELSE 0 END) AS waiting,",
      "SUM(CASE WHEN status = 'CREATED' AND attempts > 0 THEN 1 ELSE 0 END) AS retrying,",
      "SUM(CASE WHEN status = 'SENDING' THEN 1 ELSE 0 END) AS sending,",
      "MIN(CASE WHEN status = 'CREATED' THEN created_at END) AS oldest,",
      "MIN(CASE WHEN status = 'CREATED' AND attempts > 0 THEN next_attempt_at END) AS nextRetry",
      "FROM communication_intents WHERE status IN ('CREATED', 'SENDING')",
    ].join(' '),
  );
  const [failed] = await selectRows<{ n: number | string }>(
    sequelize(),
    "SELECT COUNT(*) AS n FROM communication_intents f WHERE f.status = 'FAILED' AND NOT EXISTS (SELECT 1 FROM communication_intents r WHERE r.resend_of_id = f.id)",
  );
  return {
    waiting: Number(open?.waiting ?? 0),
    retrying: Number(open?.retrying ?? 0),
    sending: Number(open?.sending ?? 0),
    failed: Number(failed?.n ?? 0),
    oldestWaitingSince: isoOrNull(open?.oldest),
    nextRetryAt: isoOrNull(open?.nextRetry),
  };
}

// ---------------------------------------------------------------- the console's helpers

/** POST /communications/filter: the students a FILTER reaches (the students list's criteria, never archived ones), counted and paged. */
export async function filterRecipients(q: PagingQuery, criteria: Record<string, unknown>) {
  const { archived: _archived, ...rest } = criteria;
  const page = await findStudentsByCriteria('students', q, rest);
  return {
    content: page.content.map((s) => ({
      id: s.id,
      firstName: s.personalInfo.firstName,
      lastName: s.personalInfo.lastName,
      email: s.user.email,
      languageIso2LetterCode: s.languageIso2LetterCode,
      active: s.active,
    })),
    pagination: page.pagination,
  };
}

/**
 * POST /communications/preview: the draft's message for one student, in their language, exactly as the
 * dispatcher composes it (compose.ts): subject, email HTML and text, and the inbox's text. A
 * placeholder without a value is 400 naming it.
 */
export async function previewCommunication(input: PreviewInput) {
  const student = await Student.findByPk(input.studentId, { attributes: ['id', 'firstName', 'lastName', 'email', 'languageIso2LetterCode'] });
  if (!student) throw AppError.notFound('Student');
  let template: LoadedTemplate | null = null;
  if (input.communicationTemplateId) {
    [template] = await loadTemplates({ ids: [input.communicationTemplateId] });
    if (!template) throw AppError.badRequest({ communicationTemplateId: 'Unknown communication template' });
  }
  const emailTemplate = input.emailTemplateId ? await EmailTemplate.findByPk(input.emailTemplateId) : null;
  if (input.emailTemplateId && !emailTemplate) throw AppError.badRequest({ emailTemplateId: 'Unknown email template' });
  const draft = {
    subject: input.subject ?? '',
    header: input.header ?? null,
    longMessageBody: input.longMessageBody ?? null,
    shortMessageBody: input.shortMessageBody ?? null,
    params: input.params ?? null,
    communicationTemplate: template,
    emailTemplate,
  } as unknown as LoadedCommunication;
  const language = student.languageIso2LetterCode === 'ES' ? 'ES' : 'EN';
  try {
    const message = await composeFromCommunication(draft, language, recipientParams(student));
    return { ...message, language, student: { id: student.id, firstName: student.firstName, lastName: student.lastName, email: student.email } };
  } catch (err) {
    if (err instanceof MissingParamsError) throw AppError.badRequest({ params: `Missing params: ${err.names.join(', ')}` });
    if (err instanceof TemplateSyntaxError) throw AppError.badRequest({ [template ? 'communicationTemplateId' : 'longMessageBody']: err.message });
    throw err;
  }
}
