import type { RaRecord } from 'react-admin';
import type { StudentAnswer } from '../../../../domain/contract/students';

/**
 * The student record as the API answers it (api/students/students.dto.ts): the answer schema's type
 * (domain/contract/students.ts). Customers are the same records over /api/customers, so every
 * students screen also serves the customers resource.
 */
export type StudentRecord = Omit<StudentAnswer, 'id'> & RaRecord;

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
