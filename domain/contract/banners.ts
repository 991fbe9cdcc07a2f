/**
 * The answers of the information banners and the mobile app (issue 17): /api/information_banner,
 * /api/students/{id}/information_banners, /api/configuration_mobile_app and /api/app_versions. The
 * console's BannerRecord, MobileConfiguration and AppVersionRecord and the portal's StudentBanner are
 * `z.infer` of these.
 */
import { z } from 'zod';
import { BannerAudience, BannerLevel, MobilePlatform } from '../../models/enums';
import { id, isoDate, page, timestamp, updatedBy } from './common';

/** GET /information_banner/{id}, POST, PUT, PATCH …/publish. `content` is HTML the server sanitised. */
export const bannerAnswer = z
  .object({
    id,
    title: z.string(),
    content: z.string(),
    type: z.enum(BannerLevel),
    audience: z.enum(BannerAudience),
    programId: id.nullable(),
    cohortIds: z.array(id),
    coachingCircleId: id.nullable(),
    published: z.boolean(),
    publishedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type BannerAnswer = z.infer<typeof bannerAnswer>;

/** GET /information_banner. */
export const bannerPage = page(bannerAnswer);

/** One banner of GET /students/{id}/information_banners: what the student reads, no staff fields. */
export const studentBannerAnswer = z.object({ id, title: z.string(), content: z.string(), type: z.enum(BannerLevel), publishedAt: timestamp.nullable() }).strict();
export type StudentBannerAnswer = z.infer<typeof studentBannerAnswer>;
export const studentBannerList = z.object({ content: z.array(studentBannerAnswer) }).strict();

const version = z.string();

/** GET and POST /configuration_mobile_app. `updatedBy` only for staff who may read the configuration. */
export const mobileConfigurationAnswer = z
  .object({
    minimumVersions: z.object({ IOS: version.nullable(), ANDROID: version.nullable() }).strict(),
    forceUpdate: z.boolean(),
    maintenanceMessage: z.string().nullable(),
    featureFlags: z.record(z.string(), z.boolean()),
    updatedAt: timestamp,
    updatedBy: updatedBy.optional(),
  })
  .strict();
export type MobileConfigurationAnswer = z.infer<typeof mobileConfigurationAnswer>;

/** GET /app_versions/{id}, POST, PUT. `updatedBy` only for staff who may read the configuration. */
export const appVersionAnswer = z
  .object({
    id,
    platform: z.enum(MobilePlatform),
    version,
    releaseDate: isoDate,
    notes: z.string().nullable(),
    mandatory: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy: updatedBy.optional(),
  })
  .strict();
export type AppVersionAnswer = z.infer<typeof appVersionAnswer>;

/** GET /app_versions. */
export const appVersionPage = page(appVersionAnswer);
