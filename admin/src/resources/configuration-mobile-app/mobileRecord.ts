import type { Identifier, RaRecord } from 'react-admin';
import type { AppVersionAnswer, MobileConfigurationAnswer } from '../../../../domain/contract/banners';
import type { MobilePlatform, Of } from '../../../../models/enums';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * The mobile app's configuration (GET/POST /api/configuration_mobile_app) and its versions (the
 * console resource `app-versions` over /api/app_versions), issue 17. Shapes are the API's answers
 * (api/mobile-app/mobile-app.service.ts).
 */

export const MOBILE_APP = 'configuration-mobile-app';
export const APP_VERSIONS = 'app-versions';

export type PlatformValue = Of<typeof MobilePlatform>;

/** The configuration as the API answers it (domain/contract/banners.ts). */
export type MobileConfiguration = MobileConfigurationAnswer;

/** The settings form: feature flags as rows of name and on/off. */
export interface ConfigurationForm {
  minimumVersions: Record<PlatformValue, string | null>;
  forceUpdate: boolean;
  maintenanceMessage: string | null;
  featureFlags: Array<{ name: string; enabled: boolean }>;
}

/** An app version as the API answers it (domain/contract/banners.ts). */
export type AppVersionRecord = Omit<AppVersionAnswer, 'id'> & RaRecord;

export interface AppVersionPayload {
  platform: PlatformValue;
  version: string;
  releaseDate: string;
  notes: string | null;
  mandatory: boolean;
}

const text = (value: unknown): string | null => {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? null : trimmed;
};

export function toConfigurationForm(c: MobileConfiguration): ConfigurationForm {
  return {
    minimumVersions: { IOS: c.minimumVersions.IOS, ANDROID: c.minimumVersions.ANDROID },
    forceUpdate: c.forceUpdate,
    maintenanceMessage: c.maintenanceMessage,
    featureFlags: Object.entries(c.featureFlags).map(([name, enabled]) => ({ name, enabled })),
  };
}

/** The form → exactly POST /configuration_mobile_app's body (blank texts → null; flags as an object). */
export function toConfigurationPayload(form: Partial<ConfigurationForm>): Omit<MobileConfiguration, 'updatedAt' | 'updatedBy'> {
  const flags: Record<string, boolean> = {};
  for (const row of form.featureFlags ?? []) {
    const name = (row?.name ?? '').trim();
    if (name) flags[name] = Boolean(row.enabled);
  }
  return {
    minimumVersions: { IOS: text(form.minimumVersions?.IOS), ANDROID: text(form.minimumVersions?.ANDROID) },
    forceUpdate: Boolean(form.forceUpdate),
    maintenanceMessage: text(form.maintenanceMessage),
    featureFlags: flags,
  };
}

export function toAppVersionPayload(form: Partial<AppVersionPayload>): AppVersionPayload {
  return {
    platform: form.platform as PlatformValue,
    version: (form.version ?? '').trim(),
    releaseDate: form.releaseDate ?? '',
    notes: text(form.notes),
    mandatory: Boolean(form.mandatory),
  };
}

export function mobileApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** GET /configuration_mobile_app (no token needed; staff are also told who changed it). */
    get: () => dataProvider.request<MobileConfiguration>({ path: '/configuration_mobile_app' }),
    /** POST /configuration_mobile_app → the saved configuration (409 MINIMUM_VERSION_NOT_RELEASED). */
    save: (body: ReturnType<typeof toConfigurationPayload>) => dataProvider.request<MobileConfiguration>({ method: 'POST', path: '/configuration_mobile_app', body }),
  };
}

export const isNew = (id: Identifier | null | undefined) => id === null || id === undefined || id === 'create';
