/** How the console names a student wherever one is shown or picked (applications, plans, refunds, billing). */
export interface StudentNameParts {
  id: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** 'Ana López' (or the email, or '#7'). */
export function studentName(student: Partial<StudentNameParts> | null | undefined): string {
  if (!student) return '';
  const name = [student.firstName, student.lastName]
    .map((p) => (typeof p === 'string' ? p.trim() : ''))
    .filter(Boolean)
    .join(' ');
  return name || student.email || (student.id !== undefined ? `#${student.id}` : '');
}

/** A student as an autocomplete option: 'Ana López (ana@example.com)'. */
export function studentOptionText(record: { id?: unknown; user?: { email?: string }; personalInfo?: { firstName?: string; lastName?: string } } | undefined): string {
  if (!record) return '';
  const name = studentName({ id: record.id as number, firstName: record.personalInfo?.firstName, lastName: record.personalInfo?.lastName, email: null });
  return record.user?.email ? `${name} (${record.user.email})` : name;
}

/** Students are searched by keyword (GET /students?keyword=), as typed. */
export const studentSearch = (text: string) => (text.trim() ? { q: text.trim() } : {});
