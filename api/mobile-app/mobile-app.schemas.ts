import { z } from 'zod';
import { MobilePlatform } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, date, id, optionalText } from '../../models/validation';
import { pagingQuery } from '../common/list';

/** An app version: one to four numbers separated by dots (`2`, `2.4`, `2.4.1`, `2.4.1.300`). */
export const VERSION_PATTERN = /^\d{1,5}(\.\d{1,5}){0,3}$/;

const versionText = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? Messages.REQUIRED : Messages.INVALID_APP_VERSION) })
      .regex(VERSION_PATTERN, Messages.INVALID_APP_VERSION),
  );

/** A version as a text that sorts as the version does: each number zero-padded to 5 digits, always four parts. */
export function versionKey(version: string): string {
  const parts = version.split('.').map((p) => p.padStart(5, '0'));
  while (parts.length < 4) parts.push('00000');
  return parts.join('.');
}

const requiredPlatform = z.enum(MobilePlatform, { error: (issue) => (issue.input === undefined || issue.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) });
const flag = z.boolean({ error: (issue) => (issue.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) });

/** A feature flag's name: a letter, then letters, digits, `_`, `.` or `-` (60 at most). */
export const FLAG_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,59}$/;

/**
 * POST /configuration_mobile_app: the whole configuration, saved as sent. `minimumVersions` per
 * platform (null: no minimum), `forceUpdate` (an app below its minimum must update before going on),
 * `maintenanceMessage` (set: the app shows it instead of working), `featureFlags` (name → on/off, 100
 * at most). The record's read-only fields sent back are accepted and ignored.
 */
export const configurationBody = z
  .object({
    minimumVersions: z.object({ IOS: versionText().nullish(), ANDROID: versionText().nullish() }, { error: Messages.INVALID_VALUE }).strict(),
    forceUpdate: flag,
    maintenanceMessage: optionalText(1000),
    featureFlags: z
      .record(z.string().regex(FLAG_NAME, Messages.INVALID_VALUE), z.boolean({ error: Messages.INVALID_VALUE }), { error: Messages.INVALID_VALUE })
      .refine((flags) => Object.keys(flags).length <= 100, Messages.INVALID_VALUE)
      .default({}),
    id: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    updatedAt: z.unknown().optional(),
    updatedBy: z.unknown().optional(),
  })
  .strict()
  .transform((b) => ({
    minimumVersions: { IOS: b.minimumVersions.IOS ?? null, ANDROID: b.minimumVersions.ANDROID ?? null },
    forceUpdate: b.forceUpdate,
    maintenanceMessage: b.maintenanceMessage ?? null,
    featureFlags: b.featureFlags,
  }));
export type ConfigurationInput = z.output<typeof configurationBody>;

/** GET /app_versions: sortBy releaseDate (default, newest first)|version|platform|mandatory|id; keyword on the version; platform and mandatory filters. */
export const appVersionSortable = {
  id: 'id',
  platform: 'platform',
  version: 'versionKey',
  releaseDate: 'releaseDate',
  mandatory: 'mandatory',
  ID: 'id',
  PLATFORM: 'platform',
  VERSION: 'versionKey',
  RELEASE_DATE: 'releaseDate',
  MANDATORY: 'mandatory',
};
export const appVersionListQuery = pagingQuery({ sortable: appVersionSortable, defaultSort: 'releaseDate', defaultDescending: true }).extend({
  platform: z.enum(MobilePlatform, { error: Messages.INVALID_VALUE }).optional(),
  mandatory: booleanish().optional(),
});
export type AppVersionListQuery = z.output<typeof appVersionListQuery>;

export const appVersionIdParams = z.object({ id: id() }).strict();

/** POST and PUT /app_versions: platform, version, releaseDate (YYYY-MM-DD), notes, mandatory (default false). */
export const appVersionBody = z
  .object({
    platform: requiredPlatform,
    version: versionText(),
    releaseDate: date(),
    notes: optionalText(5000),
    mandatory: z.boolean({ error: Messages.INVALID_VALUE }).default(false),
    id: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    updatedAt: z.unknown().optional(),
    updatedBy: z.unknown().optional(),
  })
  .strict()
  .transform((b) => ({ platform: b.platform, version: b.version, releaseDate: b.releaseDate, notes: b.notes ?? null, mandatory: b.mandatory }));
export type AppVersionInput = z.output<typeof appVersionBody>;
