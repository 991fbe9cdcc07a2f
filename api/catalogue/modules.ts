import type { Transaction } from 'sequelize';
import { z } from 'zod';
import { ModuleGroup, type CohortModule, type ProgramModule } from '../../models';
import { Messages } from '../../models/messages';
import { booleanish, id, optionalText, requiredText } from '../../models/validation';
import { updatedByOf } from '../common/audit';
import { AppError } from '../common/errors';
import { dateTime } from './date-times';

/**
 * What program modules and the cohort modules copied from them share (spec §3 "Module"): the
 * body fields, the date-order rule, the module-group check, the columns written and the answer.
 * `group` is the free-text group (stored as `groupName`); `moduleGroup` the module group.
 */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const numeric = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === 'string' && /^-?\d+$/.test(b.trim()) ? Number(b) : b;
};
/** A whole number 0…max; blank, null or missing is null. */
const optionalWhole = (max: number) =>
  z.preprocess(numeric, z.number().int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(max, Messages.INVALID_VALUE).nullish()).transform((v) => v ?? null);
/** A display order 0…1,000,000 (blank or null: left out). */
export const displayOrder = () =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : numeric(v)),
    z.number().int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(1_000_000, Messages.INVALID_VALUE),
  );

/** The body fields of a module, display order aside (each area decides what leaving it out means). */
export const moduleShape = {
  title: requiredText(255),
  d2lModuleId: optionalText(40),
  group: optionalText(100),
  moduleGroupId: z.preprocess((v) => (v === '' ? null : v), id().nullish()).transform((v) => v ?? null),
  locked: z.preprocess((v) => (v === null ? undefined : v), booleanish().default(false)),
  duration: optionalWhole(100_000),
  // ISO 8601 with a zone, or a day read in the school's zone: opening edges at its start, closing ones at its end.
  startDateTime: dateTime('start'),
  openDate: dateTime('start'),
  closeDate: dateTime('end'),
  endDateTime: dateTime('end'),
  image: optionalText(500),
  consumeTrackingEnabled: z.preprocess((v) => (v === null ? undefined : v), booleanish().default(false)),
  communicationTemplateId: z.preprocess((v) => (v === '' ? null : v), id().nullish()).transform((v) => v ?? null),
};

type ModuleDates = { openDate?: Date | null; closeDate?: Date | null; startDateTime?: Date | null; endDateTime?: Date | null };

/** Close not before open, end not before start (400 on the later field). */
export function checkModuleDates(m: ModuleDates, ctx: z.RefinementCtx): void {
  if (m.openDate && m.closeDate && m.closeDate < m.openDate) ctx.addIssue({ code: 'custom', path: ['closeDate'], message: Messages.DATE_RANGE_ORDER });
  if (m.startDateTime && m.endDateTime && m.endDateTime < m.startDateTime) ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: Messages.DATE_RANGE_ORDER });
}

type ModuleFieldsInput = z.output<z.ZodObject<typeof moduleShape>>;

/** The columns a module body writes (display order aside). */
export function moduleValues(input: ModuleFieldsInput) {
  return {
    title: input.title,
    d2lModuleId: input.d2lModuleId ?? null,
    groupName: input.group ?? null,
    moduleGroupId: input.moduleGroupId,
    locked: input.locked,
    duration: input.duration,
    startDateTime: input.startDateTime ?? null,
    openDate: input.openDate ?? null,
    closeDate: input.closeDate ?? null,
    endDateTime: input.endDateTime ?? null,
    image: input.image ?? null,
    consumeTrackingEnabled: input.consumeTrackingEnabled,
    communicationTemplateId: input.communicationTemplateId,
  };
}

/** A module group id from a body: it must exist (400 on `moduleGroupId` otherwise); null stays null. */
export async function existingModuleGroup(moduleGroupId: number | null | undefined, transaction: Transaction): Promise<number | null> {
  if (moduleGroupId === null || moduleGroupId === undefined) return null;
  if (!(await ModuleGroup.count({ where: { id: moduleGroupId }, transaction }))) throw AppError.badRequest({ moduleGroupId: Messages.INVALID_VALUE });
  return moduleGroupId;
}

/** Loads a module's group with it, in the same query. */
export const moduleGroupInclude = { model: ModuleGroup, as: 'moduleGroup', attributes: ['id', 'name'] };

/** The fields a program module and a cohort module share, as the API answers them. */
export function moduleFields(m: ProgramModule | CohortModule) {
  return {
    id: m.id,
    title: m.title,
    d2lModuleId: m.d2lModuleId,
    group: m.groupName,
    moduleGroupId: m.moduleGroupId,
    moduleGroup: m.moduleGroup ? { id: m.moduleGroup.id, name: m.moduleGroup.name } : null,
    locked: m.locked,
    duration: m.duration,
    startDateTime: m.startDateTime,
    openDate: m.openDate,
    closeDate: m.closeDate,
    endDateTime: m.endDateTime,
    image: m.image,
    consumeTrackingEnabled: m.consumeTrackingEnabled,
    communicationTemplateId: m.communicationTemplateId,
    displayOrder: m.displayOrder,
    updatedBy: updatedByOf(m),
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}
