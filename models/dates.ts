/**
 * Calendar dates as the spec wants them (platform spec §5): typed MM-DD-YYYY, stored and sent
 * YYYY-MM-DD, years 1000..3000. Pure (no imports) so the API, the console and the portal share it.
 */

/** Parses MM-DD-YYYY (what the forms send; `/` also accepted) or YYYY-MM-DD into YYYY-MM-DD; null when invalid. */
export function parseDate(input: string): string | null {
  const text = input.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
    if (!m) return null;
    [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  if (y < 1000 || y > 3000) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM-DD (as stored) → MM-DD-YYYY (as typed and shown); empty for no date. */
export function toDisplayDate(stored: string | null | undefined): string {
  if (!stored) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(stored);
  return m ? `${m[2]}-${m[3]}-${m[1]}` : stored;
}
