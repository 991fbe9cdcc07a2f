/** Dates as the spec wants them (platform spec §5): the server's own rule from models/dates.ts. */
import { parseDate, toDisplayDate } from '../../../models/dates';

export { parseDate, toDisplayDate as toInputDate };

/**
 * What to send for a typed date: '' → null, a valid date → YYYY-MM-DD, anything else as typed (the
 * client check has already flagged it; the server answers with its own message if it gets through).
 */
export function toStoredDate(input: string): string | null {
  if (!input.trim()) return null;
  return parseDate(input) ?? input.trim();
}
