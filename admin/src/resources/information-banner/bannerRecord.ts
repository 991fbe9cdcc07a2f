import type { Identifier, RaRecord } from 'react-admin';
import type { BannerAnswer } from '../../../../domain/contract/banners';
import type { BannerAudience, BannerLevel, Of } from '../../../../models/enums';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';

/**
 * Information banners (the console resource `information-banner` over /api/information_banner,
 * issue 17): a title and rich content shown at the top of the portal, while published, to the
 * students of its audience. The shapes are the API's answers (api/banners/banners.service.ts).
 */

export const BANNERS = 'information-banner';

export type BannerLevelValue = Of<typeof BannerLevel>;
export type BannerAudienceValue = Of<typeof BannerAudience>;

/** A banner as the API answers it (domain/contract/banners.ts). */
export type BannerRecord = Omit<BannerAnswer, 'id'> & RaRecord;

/** The body of POST and PUT /information_banner. */
export interface BannerPayload {
  title: string;
  content: string;
  type: BannerLevelValue;
  audience: BannerAudienceValue;
  programId: number | null;
  cohortIds: number[];
  coachingCircleId: number | null;
}

export const NEW_BANNER: Partial<BannerPayload> = { title: '', content: '', type: 'INFO', audience: 'ALL', programId: null, cohortIds: [], coachingCircleId: null };

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/** The form → exactly the API's body: only the ids of the chosen audience are sent. */
export function toBannerPayload(form: Partial<BannerPayload>): BannerPayload {
  const audience = (form.audience ?? 'ALL') as BannerAudienceValue;
  return {
    title: (form.title ?? '').trim(),
    content: form.content ?? '',
    type: form.type as BannerLevelValue,
    audience,
    programId: audience === 'PROGRAM' ? numberOrNull(form.programId) : null,
    cohortIds: audience === 'COHORT' ? (form.cohortIds ?? []).map(Number) : [],
    coachingCircleId: audience === 'COACHING_CIRCLE' ? numberOrNull(form.coachingCircleId) : null,
  };
}

/** MUI colours of the levels (chips and the preview's alert). */
export const levelSeverity: Record<BannerLevelValue, 'success' | 'info' | 'warning' | 'error'> = { SUCCESS: 'success', INFO: 'info', WARNING: 'warning', ERROR: 'error' };

/** The banner's call beyond CRUD. */
export function bannerApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** PATCH /information_banner/{id}/publish?publish=true|false → the banner. */
    publish: (id: Identifier, publish: boolean) =>
      dataProvider.request<BannerRecord>({ method: 'PATCH', path: `/${apiPath(BANNERS)}/${encodeURIComponent(String(id))}/publish`, query: { publish } }),
  };
}
