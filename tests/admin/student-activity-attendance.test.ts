import type { TranslateFunction } from 'react-admin';
import { changeColumnText, changeValueText } from '../../admin/src/resources/students/StudentActivity';
import { students } from '../../admin/src/resources/students/i18n';
import { enumLabel } from '../../models/labels';

/**
 * Attendance entries on a student's timeline (issue 19, coach-portal): the circle record's `status` and a
 * learning-session sign-up's `participationStatus` read as the AttendanceStatus labels, and their columns
 * have names in both languages — never the raw values or keys.
 */
const translateWith =
  (language: 'en' | 'es'): TranslateFunction =>
  (key: string, options?: { _?: string }) => {
    const enumKey = /^enums\.(\w+)\.(\w+)$/.exec(key);
    if (enumKey) return enumLabel(enumKey[1] as 'AttendanceStatus', enumKey[2], language);
    const column = /^resources\.students\.columns\.(\w+)$/.exec(key);
    const columns = (students[language] as unknown as { columns: Record<string, string> }).columns;
    if (column) return columns[column[1]] ?? options?._ ?? key;
    return options?._ ?? key;
  };

test('attendance changes read as labels, their columns named, in English and Spanish', () => {
  const en = translateWith('en');
  const es = translateWith('es');
  expect(changeValueText('status', 'ATTENDED', en, 'en', 'COACHING_CIRCLE')).toBe('Attended');
  expect(changeValueText('status', 'PENDING', es, 'es', 'COACHING_CIRCLE')).toBe(enumLabel('AttendanceStatus', 'PENDING', 'es'));
  expect(changeValueText('participationStatus', 'ABSENT', en, 'en', 'LEARNING_SESSION')).toBe('Absent');
  for (const column of ['participation', 'participationStatus', 'notes']) {
    expect(changeColumnText(column, en)).not.toBe(column);
    expect(changeColumnText(column, es)).not.toBe(column);
  }
});
