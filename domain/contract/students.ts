/**
 * The answers of /api/students and /api/customers (platform spec §3; api-contract "Shapes clients
 * rely on"): the student row in its nested contract shape (api/students/students.dto.ts). Customers
 * are the same records. The console's StudentRecord is `z.infer` of `studentAnswer`.
 */
import { z } from 'zod';
import { ApplicationSource, EducationLevel, Gender, Language } from '../../models/enums';
import { id, isoDate, page, timestamp, updatedBy } from './common';

/** GET /students/{id}, /students/emails/{email}, /customers/{id}, POST, PUT. */
export const studentAnswer = z
  .object({
    id,
    active: z.boolean(),
    isStudent: z.boolean(),
    user: z.object({ id, email: z.string() }).strict(),
    personalInfo: z
      .object({
        firstName: z.string(),
        middleName: z.string().nullable(),
        lastName: z.string(),
        title: z.string().nullable(),
        suffix: z.string().nullable(),
        gender: z.enum(Gender).nullable(),
        dateOfBirth: isoDate.nullable(),
        educationLevel: z.enum(EducationLevel).nullable(),
        occupation: z.string().nullable(),
        militaryMember: z.boolean().nullable(),
      })
      .strict(),
    contactInfo: z.object({ mobilePhone: z.string().nullable(), homePhone: z.string().nullable(), workPhone: z.string().nullable() }).strict(),
    address: z
      .object({
        street1: z.string().nullable(),
        street2: z.string().nullable(),
        city: z.string().nullable(),
        stateCode: z.string().nullable(),
        zip: z.string().nullable(),
        countryCode: z.string().nullable(),
        /** The address on one line (platform spec §3), null when empty. */
        formattedAddress: z.string().nullable(),
      })
      .strict(),
    photo: z.string().nullable(),
    languageIso2LetterCode: z.enum(Language).nullable(),
    autoPay: z.boolean(),
    timeZone: z.string().nullable(),
    source: z.enum(ApplicationSource).nullable(),
    salesforceLeadId: z.string().nullable(),
    d2lUserId: z.string().nullable(),
    edluminaId: z.string().nullable(),
    communicationPreferences: z.object({ email: z.boolean().nullable(), sms: z.boolean().nullable() }).strict(),
    archived: z.boolean(),
    mergedIntoId: id.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type StudentAnswer = z.infer<typeof studentAnswer>;

/** GET /students, /customers, POST …/find_by_criteria. */
export const studentPage = page(studentAnswer);
