/**
 * Pieces the catalogue's answers share (programs, cohorts, products): a module's fields (a program's
 * modules and the copies a cohort makes of them, api/catalogue/modules.ts) and the short references.
 */
import { z } from 'zod';
import { id, timestamp, updatedBy } from './common';

/** `{ id, name }`: a business category, a product, a module group as other answers name them. */
export const namedRef = z.object({ id, name: z.string() }).strict();

/** The fields of a program module and of a cohort's copy of it (moduleFields). */
export const moduleFields = z
  .object({
    id,
    title: z.string(),
    d2lModuleId: z.string().nullable(),
    group: z.string().nullable(),
    moduleGroupId: id.nullable(),
    moduleGroup: namedRef.nullable(),
    locked: z.boolean(),
    /** Minutes. */
    duration: z.number().int().nullable(),
    startDateTime: timestamp.nullable(),
    openDate: timestamp.nullable(),
    closeDate: timestamp.nullable(),
    endDateTime: timestamp.nullable(),
    image: z.string().nullable(),
    consumeTrackingEnabled: z.boolean(),
    communicationTemplateId: id.nullable(),
    displayOrder: z.number().int(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
