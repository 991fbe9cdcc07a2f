import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { BusinessCategory, Cohort, EnrollmentFlowRequirement, LmsConnection, Program, ProgramBundleItem, ProgramLanguage } from '../../models';
import { checkLmsConnection } from '../lms/lookup';
import { EnrollmentFlowStep, type Language, type Of } from '../../models/enums';
import { durationTypeLabel } from '../../models/labels';
import { Messages } from '../../models/messages';
import { archiveRefusal } from '../catalogue/archive-guards';
import { refreshProgramCohorts } from '../catalogue/cohort-labels';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { programCriteria, programSortable, type ProgramCriteria, type ProgramInput } from './programs.schemas';
import { description } from '../../models/descriptions';
import { roundDollarsOrNull, toDollarsOrNull } from '../../domain/money';

/**
 * Programs (back-office spec §3 "Program", §7 "Programs"): the record, its languages, the programs
 * a bundle includes, its enrollment-flow requirements, archive and undelete, and the learning-system
 * calls (refused until a connection exists). Money arrives in integer cents, is written to
 * DECIMAL(12,2) columns and answered in dollars.
 */

const money = roundDollarsOrNull;

/** What every program answer loads with it: category name, languages, bundled program ids. */
const programInclude = () => [
  { model: BusinessCategory, as: 'businessCategory', attributes: ['id', 'name'] },
  { model: ProgramLanguage, as: 'languages' },
  { model: ProgramBundleItem, as: 'bundleItems', attributes: ['id', 'programId', 'displayOrder'] },
  { model: LmsConnection, as: 'lmsConnection', attributes: ['id', 'name', 'vendor'] },
];

type LoadedProgram = Program & { bundleItems?: ProgramBundleItem[]; lmsConnection?: LmsConnection | null };

/** The contract shape of a program (spec §3): nested enrollment agreement, money in dollars. */
export function programDto(p: Program) {
  const loaded = p as LoadedProgram;
  const languages = [...(p.languages ?? [])].map((l) => l.language).sort();
  const bundleProgramIds = [...(loaded.bundleItems ?? [])].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id).map((b) => b.programId);
  return {
    id: p.id,
    name: p.name,
    image: p.image,
    description: p.description,
    preRequisites: p.preRequisites,
    courseAccessDuration: p.courseAccessDuration,
    graduationLimitDays: p.graduationLimitDays,
    cost: money(p.cost),
    businessCategoryId: p.businessCategoryId,
    businessCategory: p.businessCategory ? { id: p.businessCategory.id, name: p.businessCategory.name } : null,
    welcomeEmailTemplate: p.welcomeEmailTemplate,
    language: p.language,
    enrollmentAgreement: { url: p.enrollmentAgreementUrl, publicationDate: p.enrollmentAgreementPublicationDate, lastRevisionDate: p.enrollmentAgreementLastRevisionDate },
    registrationFee: money(p.registrationFee),
    booksAndMaterialsFee: money(p.booksAndMaterialsFee),
    accelerated: Boolean(p.accelerated),
    durationType: p.durationType,
    durationTypeLabel: durationTypeLabel(p.durationType, p.accelerated),
    isBundle: Boolean(p.isBundle),
    bundleProgramIds,
    salesforceProductId: p.salesforceProductId,
    salesforceProductType: p.salesforceProductType,
    lmsConnectionId: p.lmsConnectionId,
    lmsConnection: loaded.lmsConnection ? { value: loaded.lmsConnection.id, label: loaded.lmsConnection.name, vendor: loaded.lmsConnection.vendor } : null,
    d2lOrgUnitId: p.d2lOrgUnitId,
    accredibleGroupId: p.accredibleGroupId,
    clockHours: p.clockHours,
    weeks: p.weeks,
    showOhioVideo: Boolean(p.showOhioVideo),
    reservedSeat: Boolean(p.reservedSeat),
    languages,
    deleted: Boolean(p.deleted),
    updatedBy: updatedByOf(p),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
export type ProgramDto = ReturnType<typeof programDto>;

// ---------------------------------------------------------------- lists

const programList: ListSpec<Program> = { model: Program, sortable: programSortable, keywordColumns: ['name'], include: programInclude(), maxSize: 2000 };

/** GET /programs: keyword, archived hidden unless `deleted=true` (then only the archived ones). */
export function listPrograms(q: PagingQuery & { deleted?: boolean }) {
  return runList(programList, q, [{ deleted: q.deleted ?? false }], programDto);
}

/** Programs taught in any of `languages`: one indexed subquery on program_languages. */
function languagesWhere(languages: ReadonlyArray<Of<typeof Language>> | null | undefined): WhereOptions | null {
  if (!languages?.length) return null;
  const sequelize = Program.sequelize!;
  const list = languages.map((l) => sequelize.escape(l)).join(', ');
  return { id: { [Op.in]: sequelize.literal(`(SELECT program_id FROM program_languages WHERE language IN (${list}))`) } };
}

/**
 * POST /programs/find_by_criteria: `deleted` false unless asked (but not when looking records up by
 * `ids`, so references to an archived program still resolve); `languages` matches programs having any.
 */
export function findProgramsByCriteria(q: PagingQuery, criteria: Partial<ProgramCriteria>) {
  const { deleted, languages, ...rest } = criteria;
  const dialect = Program.sequelize!.getDialect();
  const byIds = Array.isArray(rest.ids) && rest.ids.length > 0;
  const archived = deleted === null || deleted === undefined ? (byIds ? null : { deleted: false }) : { deleted };
  return runList(programList, q, [archived, languagesWhere(languages as Array<Of<typeof Language>> | null), ...criteriaWhere(programCriteria, rest, dialect)], programDto);
}

// ---------------------------------------------------------------- the record

/** The program or a 404 (used by the program-parts routes too). */
export async function getProgram(id: number, transaction?: Transaction): Promise<Program> {
  const program = await Program.findByPk(id, { transaction });
  if (!program) throw AppError.notFound('Program');
  return program;
}

/** The program with what its answer shows (category, languages, bundled ids), or a 404. */
export async function loadProgram(id: number, transaction?: Transaction): Promise<Program> {
  const program = await Program.findByPk(id, { include: programInclude(), transaction });
  if (!program) throw AppError.notFound('Program');
  return program;
}

export async function getProgramDto(id: number) {
  return programDto(await loadProgram(id));
}

/** An unarchived program, or 404 / 409 PROGRAM_ARCHIVED. */
async function editableProgram(id: number, transaction?: Transaction) {
  const program = await getProgram(id, transaction);
  if (program.deleted) throw AppError.conflict('PROGRAM_ARCHIVED', Messages.PROGRAM_ARCHIVED);
  return program;
}

async function checkCategory(businessCategoryId: number, transaction?: Transaction) {
  const category = await BusinessCategory.findByPk(businessCategoryId, { attributes: ['id'], transaction });
  if (!category) throw AppError.badRequest({ businessCategoryId: Messages.INVALID_VALUE });
}

/** Column values of a checked program body. */
function programValues(input: ProgramInput) {
  const agreement = input.enrollmentAgreement ?? {};
  return {
    name: input.name,
    image: input.image ?? null,
    description: input.description ?? null,
    preRequisites: input.preRequisites ?? null,
    courseAccessDuration: input.courseAccessDuration ?? null,
    graduationLimitDays: input.graduationLimitDays ?? null,
    cost: toDollarsOrNull(input.cost),
    businessCategoryId: input.businessCategoryId,
    welcomeEmailTemplate: input.welcomeEmailTemplate ?? null,
    language: input.language,
    enrollmentAgreementUrl: agreement.url ?? null,
    enrollmentAgreementPublicationDate: agreement.publicationDate ?? null,
    enrollmentAgreementLastRevisionDate: agreement.lastRevisionDate ?? null,
    registrationFee: toDollarsOrNull(input.registrationFee),
    booksAndMaterialsFee: toDollarsOrNull(input.booksAndMaterialsFee),
    accelerated: input.accelerated,
    durationType: input.durationType,
    isBundle: input.isBundle,
    salesforceProductId: input.salesforceProductId ?? null,
    salesforceProductType: input.salesforceProductType ?? null,
    lmsConnectionId: input.lmsConnectionId ?? null,
    d2lOrgUnitId: input.d2lOrgUnitId ?? null,
    accredibleGroupId: input.accredibleGroupId ?? null,
    clockHours: input.clockHours ?? null,
    weeks: input.weeks ?? null,
    showOhioVideo: input.showOhioVideo,
    reservedSeat: input.reservedSeat,
  };
}

async function saveLanguages(programId: number, languages: Array<Of<typeof Language>>, transaction: Transaction) {
  await ProgramLanguage.destroy({ where: { programId }, transaction });
  await ProgramLanguage.bulkCreate(
    languages.map((language) => ({ programId, language })),
    { transaction },
  );
}

/** Creates a program with its languages. */
export async function createProgram(input: ProgramInput, actor: Actor) {
  if (input.id !== undefined) throw AppError.badRequest({ id: Messages.INVALID_VALUE });
  await checkCategory(input.businessCategoryId);
  await checkLmsConnection(input.lmsConnectionId);
  return Program.sequelize!.transaction(async (transaction) => {
    const program = await Program.create({ ...programValues(input), ...stamp(actor) }, { transaction });
    await saveLanguages(program.id, input.languages, transaction);
    const after = programDto(await loadProgram(program.id, transaction));
    await recordActivity(actor, { entityType: 'PROGRAM', entityId: program.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, after) }, transaction);
    return after;
  });
}

/**
 * Updates a program (the whole record). An archived program is 409 PROGRAM_ARCHIVED. Turning
 * `isBundle` off while it includes programs, or on while another bundle includes it, is 409
 * BUNDLE_NOT_ALLOWED. A new name, duration type or category relabels its cohorts in the same
 * transaction.
 */
export async function updateProgram(id: number, input: ProgramInput, actor: Actor) {
  if (input.id !== undefined && input.id !== id) throw AppError.badRequest({ id: Messages.INVALID_VALUE });
  await editableProgram(id);
  await checkCategory(input.businessCategoryId);
  await checkLmsConnection(input.lmsConnectionId);
  return Program.sequelize!.transaction(async (transaction) => {
    const program = await loadProgram(id, transaction);
    if (program.deleted) throw AppError.conflict('PROGRAM_ARCHIVED', Messages.PROGRAM_ARCHIVED);
    const before = programDto(program);
    if (program.isBundle && !input.isBundle && before.bundleProgramIds.length) throw AppError.conflict('BUNDLE_NOT_ALLOWED', Messages.BUNDLE_NOT_ALLOWED);
    if (!program.isBundle && input.isBundle && (await ProgramBundleItem.count({ where: { programId: id }, transaction }))) {
      throw AppError.conflict('BUNDLE_NOT_ALLOWED', Messages.BUNDLE_NOT_ALLOWED);
    }
    const values = programValues(input);
    const relabel = values.name !== program.name || values.durationType !== program.durationType || values.businessCategoryId !== program.businessCategoryId;
    await program.update({ ...values, ...stamp(actor) }, { transaction });
    await saveLanguages(id, input.languages, transaction);
    if (relabel) await refreshProgramCohorts(program, transaction);
    const after = programDto(await loadProgram(id, transaction));
    await recordActivity(actor, { entityType: 'PROGRAM', entityId: id, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}

/**
 * Archives a program (soft delete). Refused 409 PROGRAM_HAS_CURRENT_COHORTS while it has a cohort
 * not archived whose status is CREATED or ACTIVE, then by the other areas' guards. Archiving an
 * archived program changes nothing.
 */
export async function archiveProgram(id: number, actor: Actor) {
  await getProgram(id);
  await Program.sequelize!.transaction(async (transaction) => {
    const program = await getProgram(id, transaction);
    if (program.deleted) return;
    const current = await Cohort.count({ where: { programId: id, deleted: false, status: { [Op.in]: ['CREATED', 'ACTIVE'] } }, transaction });
    if (current) throw AppError.conflict('PROGRAM_HAS_CURRENT_COHORTS', Messages.PROGRAM_HAS_CURRENT_COHORTS);
    const refusal = await archiveRefusal('program', id, transaction);
    if (refusal) throw AppError.conflict(refusal.code, refusal.message);
    await program.update({ deleted: true, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      { entityType: 'PROGRAM', entityId: id, category: 'ADMINISTRATION', type: 'DELETED', description: description('ARCHIVED'), changes: { deleted: { from: false, to: true } } },
      transaction,
    );
  });
}

/** PATCH /programs/{id}/undeleted: brings an archived program back (an active one is unchanged). */
export async function undeleteProgram(id: number, actor: Actor) {
  await getProgram(id);
  return Program.sequelize!.transaction(async (transaction) => {
    const program = await getProgram(id, transaction);
    if (program.deleted) {
      await program.update({ deleted: false, ...stamp(actor) }, { transaction });
      await recordActivity(
        actor,
        { entityType: 'PROGRAM', entityId: id, category: 'ADMINISTRATION', type: 'UPDATED', description: description('RESTORED'), changes: { deleted: { from: true, to: false } } },
        transaction,
      );
    }
    return programDto(await loadProgram(id, transaction));
  });
}

// ---------------------------------------------------------------- bundles

/** GET /programs/{id}/programs: the programs bundle {id} includes, in their saved order. */
export async function listBundlePrograms(id: number) {
  await getProgram(id);
  const items = await ProgramBundleItem.findAll({
    where: { bundleProgramId: id },
    attributes: ['id', 'programId', 'displayOrder'],
    order: [
      ['displayOrder', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  if (!items.length) return [];
  const programs = await Program.findAll({ where: { id: items.map((i) => i.programId) }, include: programInclude() });
  const byId = new Map(programs.map((p) => [p.id, p]));
  return items
    .map((i) => byId.get(i.programId))
    .filter((p): p is Program => Boolean(p))
    .map(programDto);
}

/**
 * POST /programs/{id}/programs: replaces the set of programs bundle {id} includes. Unknown ids, and
 * archived programs not already in the bundle, are 400; a program that is not a bundle, or a set
 * holding the bundle itself or another bundle, is 409 BUNDLE_NOT_ALLOWED.
 */
export async function setBundlePrograms(id: number, programIds: number[], actor: Actor) {
  await editableProgram(id);
  const wanted = [...new Set(programIds)];
  return Program.sequelize!.transaction(async (transaction) => {
    const bundle = await editableProgram(id, transaction);
    if (!bundle.isBundle || wanted.includes(id)) throw AppError.conflict('BUNDLE_NOT_ALLOWED', Messages.BUNDLE_NOT_ALLOWED);
    const current = await ProgramBundleItem.findAll({
      where: { bundleProgramId: id },
      attributes: ['programId'],
      order: [
        ['displayOrder', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    });
    const currentIds = current.map((i) => i.programId);
    const found = wanted.length ? await Program.findAll({ where: { id: wanted }, attributes: ['id', 'isBundle', 'deleted'], transaction }) : [];
    const byId = new Map(found.map((p) => [p.id, p]));
    const errors: Record<string, string> = {};
    programIds.forEach((pid, i) => {
      const p = byId.get(pid);
      if (!p || (p.deleted && !currentIds.includes(pid))) errors[`programIds.${i}`] = Messages.INVALID_VALUE;
    });
    if (Object.keys(errors).length) throw AppError.badRequest(errors);
    if (found.some((p) => p.isBundle)) throw AppError.conflict('BUNDLE_NOT_ALLOWED', Messages.BUNDLE_NOT_ALLOWED);
    await ProgramBundleItem.destroy({ where: { bundleProgramId: id }, transaction });
    await ProgramBundleItem.bulkCreate(
      wanted.map((programId, displayOrder) => ({ bundleProgramId: id, programId, displayOrder })),
      { transaction },
    );
    await bundle.update({ ...stamp(actor) }, { transaction });
    if (JSON.stringify(currentIds) !== JSON.stringify(wanted)) {
      await recordActivity(
        actor,
        { entityType: 'PROGRAM', entityId: id, category: 'ADMINISTRATION', type: 'UPDATED', changes: { bundleProgramIds: { from: currentIds, to: wanted } } },
        transaction,
      );
    }
  }).then(() => listBundlePrograms(id));
}

// ---------------------------------------------------------------- enrollment flow requirements

export type FlowRequirement = { step: Of<typeof EnrollmentFlowStep>; required: boolean };

/** The six steps in the spec's order; a step without a saved row is not required. */
export async function listFlowRequirements(id: number, transaction?: Transaction): Promise<FlowRequirement[]> {
  await getProgram(id, transaction);
  const rows = await EnrollmentFlowRequirement.findAll({ where: { programId: id }, attributes: ['step', 'required'], transaction });
  const required = new Map(rows.map((r) => [r.step, Boolean(r.required)]));
  return EnrollmentFlowStep.map((step) => ({ step, required: required.get(step) ?? false }));
}

/** PUT /programs/{id}/enrollment_flow_requirements: replaces the six flags (steps not sent: not required). */
export async function setFlowRequirements(id: number, input: FlowRequirement[], actor: Actor) {
  await editableProgram(id);
  return Program.sequelize!.transaction(async (transaction) => {
    const program = await editableProgram(id, transaction);
    const before = await listFlowRequirements(id, transaction);
    const sent = new Map(input.map((r) => [r.step, r.required]));
    const after = EnrollmentFlowStep.map((step) => ({ step, required: sent.get(step) ?? false }));
    await EnrollmentFlowRequirement.destroy({ where: { programId: id }, transaction });
    await EnrollmentFlowRequirement.bulkCreate(
      after.map((r, displayOrder) => ({ programId: id, step: r.step, required: r.required, displayOrder })),
      { transaction },
    );
    await program.update({ ...stamp(actor) }, { transaction });
    const changes = diff(Object.fromEntries(before.map((r) => [r.step, r.required])), Object.fromEntries(after.map((r) => [r.step, r.required])));
    if (Object.keys(changes).length) {
      await recordActivity(
        actor,
        { entityType: 'PROGRAM', entityId: id, category: 'ADMINISTRATION', type: 'UPDATED', description: description('ENROLLMENT_FLOW_CHANGED'), changes },
        transaction,
      );
    }
    return after;
  });
}

// ---------------------------------------------------------------- learning-system calls: api/lms/sync.service.ts
