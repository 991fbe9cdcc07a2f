/**
 * The answers of /api/programs (back-office spec §3 "Program"): money in dollars, dates YYYY-MM-DD.
 * The console's ProgramRecord and ProgramModuleRecord are `z.infer` of these.
 */
import { z } from 'zod';
import { DurationType, Language } from '../../models/enums';
import { dollars, id, isoDate, page, timestamp, updatedBy } from './common';
import { moduleFields, namedRef } from './catalogue';

/** GET /programs/{id}, POST, PUT. */
export const programAnswer = z
  .object({
    id,
    name: z.string(),
    image: z.string().nullable(),
    description: z.string().nullable(),
    preRequisites: z.string().nullable(),
    courseAccessDuration: z.number().int().nullable(),
    graduationLimitDays: z.number().int().nullable(),
    cost: dollars.nullable(),
    businessCategoryId: id,
    businessCategory: namedRef.nullable(),
    welcomeEmailTemplate: z.string().nullable(),
    language: z.enum(Language),
    enrollmentAgreement: z.object({ url: z.string().nullable(), publicationDate: isoDate.nullable(), lastRevisionDate: isoDate.nullable() }).strict(),
    registrationFee: dollars.nullable(),
    booksAndMaterialsFee: dollars.nullable(),
    accelerated: z.boolean(),
    durationType: z.enum(DurationType),
    /** The duration type in words ('Fixed duration (accelerated)'). */
    durationTypeLabel: z.string(),
    isBundle: z.boolean(),
    bundleProgramIds: z.array(id),
    salesforceProductId: z.string().nullable(),
    salesforceProductType: z.string().nullable(),
    lmsConnectionId: id.nullable(),
    /** The connection's name; always null until the LMS area (no connection can be chosen yet). */
    lmsConnection: z.object({ value: id, label: z.string(), vendor: z.string() }).strict().nullable(),
    d2lOrgUnitId: z.string().nullable(),
    accredibleGroupId: z.string().nullable(),
    clockHours: z.number().nullable(),
    weeks: z.number().nullable(),
    showOhioVideo: z.boolean(),
    reservedSeat: z.boolean(),
    languages: z.array(z.enum(Language)),
    deleted: z.boolean(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type ProgramAnswer = z.infer<typeof programAnswer>;

/** GET /programs, POST …/find_by_criteria, GET /programs/{id}/programs (a bundle's programs). */
export const programPage = page(programAnswer);

/** A module of a program (GET /programs/{id}/program_modules). */
export const programModuleAnswer = moduleFields.extend({ programId: id }).strict();
export type ProgramModuleAnswer = z.infer<typeof programModuleAnswer>;
export const programModulePage = page(programModuleAnswer);
