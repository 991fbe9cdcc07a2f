import { dollarsText } from '../../domain/money';
import { parseZone, zoneOffsetMs, type Zone } from '../../domain/rules/coaching-circles';
import { enumLabel, type EnumName } from '../../models/labels';

/**
 * How an export writes its cells (domain rules "Exports and files"): dates YYYY-MM-DD; date-times as
 * `YYYY-MM-DD HH:mm` in the export's utcOffset (else America/New_York); money with two decimals and
 * no symbol; booleans Yes/No; enumerations by their English label (never the raw value). The CSV
 * writer (api/common/csv.ts) defuses formula-looking text.
 */
export interface CsvFormat {
  zone: Zone;
  date(value: unknown): string;
  dateTime(value: unknown): string;
  money(value: unknown): string;
  yesNo(value: unknown): string;
  label(enumName: EnumName, value: string | null | undefined): string;
}

/** A database date-time (a Date, or SQLite's `YYYY-MM-DD HH:mm:ss.SSS +00:00` text) as an instant. */
export function instantOf(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = String(value);
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  const date = m ? new Date(`${m[1]}T${m[2]}${m[3] ? (m[3] === 'Z' ? 'Z' : m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z'}`) : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const QUARTER_MS = 15 * 60_000;

export function csvFormat(utcOffset: string | null | undefined): CsvFormat {
  const zone = parseZone(utcOffset) ?? parseZone(null)!;
  // Zones change offset on quarter hours: one offset per quarter hour seen (a million rows ask few).
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number) => {
    if (zone.fixedMinutes !== null) return zone.fixedMinutes * 60_000;
    const quarter = Math.floor(ms / QUARTER_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      if (offsets.size > 100_000) offsets.clear();
      offset = zoneOffsetMs(zone, ms);
      offsets.set(quarter, offset);
    }
    return offset;
  };
  const local = (instant: Date) => new Date(instant.getTime() + offsetAt(instant.getTime())).toISOString();
  return {
    zone,
    date(value) {
      if (value === null || value === undefined || value === '') return '';
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
      const instant = instantOf(value);
      return instant ? local(instant).slice(0, 10) : '';
    },
    dateTime(value) {
      const instant = instantOf(value);
      if (!instant) return '';
      const text = local(instant);
      return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
    },
    money: (value) => dollarsText(value),
    yesNo: (value) => (value === null || value === undefined ? '' : Number(value) ? 'Yes' : 'No'),
    label: (enumName, value) => (value ? enumLabel(enumName, value) : ''),
  };
}
