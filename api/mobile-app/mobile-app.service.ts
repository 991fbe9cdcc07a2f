import { Op, UniqueConstraintError, type Transaction, type WhereOptions } from 'sequelize';
import { AppVersion, MobileAppConfiguration } from '../../models';
import { schoolToday } from '../../models/catalogue';
import type { MobilePlatform, Of } from '../../models/enums';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type Page } from '../common/list';
import { appVersionSortable, versionKey, type AppVersionInput, type AppVersionListQuery, type ConfigurationInput } from './mobile-app.schemas';

/**
 * The mobile app's configuration and its versions (domain rules "Information banners and the mobile
 * app"). The app reads both without a token; staff change them with `mobile_app:update`. Who changed
 * a record last is told to staff only.
 */

type Platform = Of<typeof MobilePlatform>;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const CONFIGURATION_ID = 1;

export function configurationDto(c: MobileAppConfiguration, staff: boolean) {
  return {
    minimumVersions: { IOS: c.minimumVersionIos ?? null, ANDROID: c.minimumVersionAndroid ?? null },
    forceUpdate: Boolean(c.forceUpdate),
    maintenanceMessage: c.maintenanceMessage ?? null,
    featureFlags: c.featureFlags ?? {},
    updatedAt: iso(c.updatedAt)!,
    ...(staff ? { updatedBy: updatedByOf(c) } : {}),
  };
}
export type ConfigurationDto = ReturnType<typeof configurationDto>;

/**
 * The one configuration row, locked for the transaction's writes: a configuration save and an app
 * version's change both take it first, so the minimum-version rule holds between them.
 */
async function configuration(transaction?: Transaction): Promise<MobileAppConfiguration> {
  const found = await MobileAppConfiguration.findByPk(CONFIGURATION_ID, { transaction, ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}) });
  if (found) return found;
  // Migration 0017 inserts it; a database that lost it gets it back empty.
  return MobileAppConfiguration.create(
    { id: CONFIGURATION_ID, minimumVersionIos: null, minimumVersionAndroid: null, maintenanceMessage: null, updatedById: null, updatedByName: null },
    { transaction },
  );
}

const minimumOf = (c: MobileAppConfiguration, platform: Platform) => (platform === 'IOS' ? c.minimumVersionIos : c.minimumVersionAndroid) ?? null;

/** GET /configuration_mobile_app. */
export async function getConfiguration(staff: boolean): Promise<ConfigurationDto> {
  return configurationDto(await configuration(), staff);
}

/**
 * POST /configuration_mobile_app: saves the configuration as sent. A platform's minimum supported
 * version must be one of its app versions released by today (409 MINIMUM_VERSION_NOT_RELEASED):
 * otherwise an app told to update would find nothing to update to.
 */
export async function saveConfiguration(input: ConfigurationInput, actor: Actor): Promise<ConfigurationDto> {
  return MobileAppConfiguration.sequelize!.transaction(async (transaction) => {
    const row = await configuration(transaction);
    const today = schoolToday();
    for (const platform of ['IOS', 'ANDROID'] as const) {
      const version = input.minimumVersions[platform];
      if (!version) continue;
      const released = await AppVersion.count({ where: { platform, version, releaseDate: { [Op.lte]: today } }, transaction });
      if (!released) throw AppError.conflict('MINIMUM_VERSION_NOT_RELEASED', Messages.MINIMUM_VERSION_NOT_RELEASED, { platform, version });
    }
    const before = configurationDto(row, true);
    await row.update(
      {
        minimumVersionIos: input.minimumVersions.IOS,
        minimumVersionAndroid: input.minimumVersions.ANDROID,
        forceUpdate: input.forceUpdate,
        maintenanceMessage: input.maintenanceMessage,
        featureFlags: input.featureFlags,
        ...stamp(actor),
      },
      { transaction },
    );
    const after = configurationDto(row, true);
    await recordActivity(
      actor,
      { entityType: 'MOBILE_APP_CONFIGURATION', entityId: row.id, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, after) },
      transaction,
    );
    return after;
  });
}

// ---------------------------------------------------------------- app versions

export function appVersionDto(v: AppVersion, staff: boolean) {
  return {
    id: v.id,
    platform: v.platform,
    version: v.version,
    releaseDate: v.releaseDate,
    notes: v.notes ?? null,
    mandatory: Boolean(v.mandatory),
    createdAt: iso(v.createdAt)!,
    updatedAt: iso(v.updatedAt)!,
    ...(staff ? { updatedBy: updatedByOf(v) } : {}),
  };
}
export type AppVersionDto = ReturnType<typeof appVersionDto>;

const spec: ListSpec<AppVersion> = { model: AppVersion, sortable: appVersionSortable, defaultSort: 'releaseDate', defaultDescending: true, keywordColumns: ['version'] };

/** GET /app_versions: paged; newest release first by default; keyword on the version; platform and mandatory filters. */
export async function listAppVersions(q: AppVersionListQuery, staff: boolean): Promise<Page<AppVersionDto>> {
  const filters: WhereOptions[] = [];
  if (q.platform) filters.push({ platform: q.platform });
  if (q.mandatory !== undefined) filters.push({ mandatory: q.mandatory });
  return runList(spec, q, filters, (v) => appVersionDto(v, staff));
}

async function findAppVersion(id: number, transaction?: Transaction): Promise<AppVersion> {
  const v = await AppVersion.findByPk(id, { transaction });
  if (!v) throw AppError.notFound('App version');
  return v;
}

export async function getAppVersion(id: number, staff: boolean): Promise<AppVersionDto> {
  return appVersionDto(await findAppVersion(id), staff);
}

const versionTaken = () => AppError.conflict('APP_VERSION_EXISTS', Messages.APP_VERSION_EXISTS);

async function assertFree(input: AppVersionInput, id: number | null, transaction: Transaction): Promise<void> {
  const clash = await AppVersion.count({ where: { platform: input.platform, version: input.version, ...(id ? { id: { [Op.ne]: id } } : {}) }, transaction });
  if (clash) throw versionTaken();
}

/** A write of app versions: the unique index (platform, version) decides a race the check did not see. */
async function write<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
  try {
    return await AppVersion.sequelize!.transaction(work);
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw versionTaken();
    throw err;
  }
}

/** POST /app_versions (409 APP_VERSION_EXISTS for a platform's version listed already). */
export async function createAppVersion(input: AppVersionInput, actor: Actor): Promise<AppVersionDto> {
  return write(async (transaction) => {
    await configuration(transaction);
    await assertFree(input, null, transaction);
    const v = await AppVersion.create({ ...input, versionKey: versionKey(input.version), ...stamp(actor) }, { transaction });
    const dto = appVersionDto(v, true);
    await recordActivity(actor, { entityType: 'APP_VERSION', entityId: v.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, dto) }, transaction);
    return dto;
  });
}

/**
 * PUT /app_versions/{id}. The version that is its platform's minimum supported version keeps its
 * platform, its number and a release date by today (409 APP_VERSION_IN_USE): change the
 * configuration first.
 */
export async function updateAppVersion(id: number, input: AppVersionInput, actor: Actor): Promise<AppVersionDto> {
  return write(async (transaction) => {
    const config = await configuration(transaction);
    const v = await findAppVersion(id, transaction);
    await assertFree(input, id, transaction);
    const isMinimum = minimumOf(config, v.platform) === v.version;
    if (isMinimum && (input.platform !== v.platform || input.version !== v.version || input.releaseDate > schoolToday())) {
      throw AppError.conflict('APP_VERSION_IN_USE', Messages.APP_VERSION_IN_USE);
    }
    const before = appVersionDto(v, true);
    await v.update({ ...input, versionKey: versionKey(input.version), ...stamp(actor) }, { transaction });
    const after = appVersionDto(v, true);
    await recordActivity(actor, { entityType: 'APP_VERSION', entityId: id, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}

/** DELETE /app_versions/{id} (409 APP_VERSION_IN_USE while it is its platform's minimum supported version). */
export async function deleteAppVersion(id: number, actor: Actor): Promise<void> {
  await write(async (transaction) => {
    const config = await configuration(transaction);
    const v = await findAppVersion(id, transaction);
    if (minimumOf(config, v.platform) === v.version) throw AppError.conflict('APP_VERSION_IN_USE', Messages.APP_VERSION_IN_USE);
    const before = appVersionDto(v, true);
    await v.destroy({ transaction });
    await recordActivity(actor, { entityType: 'APP_VERSION', entityId: id, category: 'ADMINISTRATION', type: 'DELETED', changes: diff(before, {}) }, transaction);
  });
}
