import type { RaRecord } from 'react-admin';

/**
 * The student record as the API answers it (api/students/students.dto.ts). Customers are the same
 * records over /api/customers, so every students screen also serves the customers resource.
 */
export interface StudentRecord extends RaRecord {
  active: boolean;
  isStudent: boolean;
  user: { id: number; email: string };
  personalInfo: {
    firstName: string;
    middleName: string | null;
    lastName: string;
    title: string | null;
    suffix: string | null;
    gender: string | null;
    dateOfBirth: string | null;
    educationLevel: string | null;
    occupation: string | null;
    militaryMember: boolean | null;
  };
  contactInfo: { mobilePhone: string | null; homePhone: string | null; workPhone: string | null };
  address: { street1: string | null; street2: string | null; city: string | null; stateCode: string | null; zip: string | null; countryCode: string | null };
  languageIso2LetterCode: string | null;
  autoPay: boolean;
  timeZone: string | null;
  source: string | null;
  salesforceLeadId: string | null;
  d2lUserId: string | null;
  edluminaId: string | null;
  communicationPreferences: { email: boolean | null; sms: boolean | null };
  archived: boolean;
  mergedIntoId: number | null;
  createdAt: string;
  updatedAt: string;
  updatedBy: { id: number | null; name: string | null } | null;
}

/** The two console resources over student records. */
export type LearnerResource = 'students' | 'customers';

/** `Dr. Ana María López Jr.` — the name parts that are filled, in reading order. */
export function fullName(record: Partial<StudentRecord> | null | undefined): string {
  const p = record?.personalInfo;
  if (!p) return record?.id !== undefined ? `#${record.id}` : '';
  return [p.title, p.firstName, p.middleName, p.lastName, p.suffix]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join(' ');
}

/** `Austin, TX` / `Madrid` / '' — the list's city-and-state column. */
export function cityState(record: Partial<StudentRecord> | null | undefined): string {
  const a = record?.address;
  return [a?.city, a?.stateCode].filter(Boolean).join(', ');
}
