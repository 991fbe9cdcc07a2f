import { z } from 'zod';
import { BannerAudience, BannerLevel } from '../../models/enums';
import { Messages, format } from '../../models/messages';
import { booleanish, id, requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';
import { hasText, sanitizeBannerContent } from './banner-content';

/** GET /information_banner: sortBy id|title|type|audience|published|createdAt|updatedAt (and the UPPER_CASE names). */
export const bannerSortable = {
  id: 'id',
  title: 'title',
  type: 'type',
  audience: 'audience',
  published: 'published',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  ID: 'id',
  TITLE: 'title',
  TYPE: 'type',
  AUDIENCE: 'audience',
  PUBLISHED: 'published',
  CREATED_AT: 'createdAt',
  UPDATED_AT: 'updatedAt',
};

const enumFilter = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: Messages.INVALID_VALUE }).optional();

/** The list's query: paging, sorting, keyword (title, or the id) and the published, type and audience filters. */
export const bannerListQuery = pagingQuery({ sortable: bannerSortable, defaultSort: 'id' }).extend({
  published: booleanish().optional(),
  type: enumFilter(BannerLevel),
  audience: enumFilter(BannerAudience),
});
export type BannerListQuery = z.output<typeof bannerListQuery>;

export const bannerIdParams = z.object({ id: id() }).strict();
export const publishQuery = z.object({ publish: booleanish().default(true) }).strict();

const CONTENT_MAX = 20_000;
const required = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE);

/**
 * POST and PUT body: title, content (HTML, sanitised to the allow-list; 400 when nothing readable is
 * left), type (the level), audience and the ids it needs — PROGRAM a `programId`, COHORT at least one
 * of `cohortIds`, COACHING_CIRCLE a `coachingCircleId`. The ids of other audiences are not kept.
 * `published` changes only through PATCH /{id}/publish: the record's read-only fields sent back are
 * accepted and ignored.
 */
export const bannerBody = z
  .object({
    title: requiredText(200),
    content: z.string({ error: required }).max(CONTENT_MAX, format(Messages.MAX_LENGTH, CONTENT_MAX)).transform(sanitizeBannerContent).refine(hasText, Messages.REQUIRED),
    type: z.enum(BannerLevel, { error: required }),
    audience: z.enum(BannerAudience, { error: required }),
    programId: id().nullish(),
    cohortIds: z.array(id()).max(500, Messages.INVALID_VALUE).nullish(),
    coachingCircleId: id().nullish(),
    id: z.unknown().optional(),
    published: z.unknown().optional(),
    publishedAt: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    updatedAt: z.unknown().optional(),
    updatedBy: z.unknown().optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.audience === 'PROGRAM' && !b.programId) ctx.addIssue({ code: 'custom', path: ['programId'], message: Messages.REQUIRED });
    if (b.audience === 'COHORT' && !b.cohortIds?.length) ctx.addIssue({ code: 'custom', path: ['cohortIds'], message: Messages.REQUIRED });
    if (b.audience === 'COACHING_CIRCLE' && !b.coachingCircleId) ctx.addIssue({ code: 'custom', path: ['coachingCircleId'], message: Messages.REQUIRED });
  })
  .transform((b) => ({
    title: b.title,
    content: b.content,
    type: b.type,
    audience: b.audience,
    programId: b.audience === 'PROGRAM' ? (b.programId ?? null) : null,
    cohortIds: b.audience === 'COHORT' ? [...new Set(b.cohortIds ?? [])] : [],
    coachingCircleId: b.audience === 'COACHING_CIRCLE' ? (b.coachingCircleId ?? null) : null,
  }));
export type BannerInput = z.output<typeof bannerBody>;

/** The student's banners: GET /students/{id}/information_banners; POST /students/{id}/information_banners/{bannerId}/dismiss. */
export const studentParams = z.object({ id: id() }).strict();
export const studentBannerParams = z.object({ id: id(), bannerId: id() }).strict();
