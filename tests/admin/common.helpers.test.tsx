// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

import { formatDate, formatDateTime, maskDateInput, parseDateInput, validateDate, isIsoDate } from '../../admin/src/common/dates';
import { criterionText, describeCriteria, type FilterDescriptors } from '../../admin/src/common/FilterChips';
import { criteriaOf, sameCriteria, stableStringify, withoutSavedFilter } from '../../admin/src/common/ListFilters';
import { formatMoney, roundCents } from '../../admin/src/common/money';
import { formatTime, fromTwelveHour, toTwelveHour, validateTime } from '../../admin/src/common/TimeInput';
import { app } from '../../admin/src/i18n/app';
import { EnumLabels } from '../../models/labels';

/** A translate function over the real app and enum texts (what polyglot does, minus plurals). */
const messages = { app: app.en, enums: EnumLabels.en, resources: { students: { filters: { active: 'Active', genders: 'Gender', createdAt: 'Created', city: 'City' } } } };
function translate(key: string, options: Record<string, unknown> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  const text = typeof found === 'string' ? found : typeof options._ === 'string' ? options._ : key;
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(options[name] ?? ''));
}

describe('formatMoney', () => {
  test('writes a dollar sign, thousands separators and two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1000000)).toBe('$1,000,000.00');
    expect(formatMoney('19.9')).toBe('$19.90');
  });

  test('puts the minus sign before the dollar sign, and never shows -$0.00', () => {
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatMoney(-1234.567)).toBe('-$1,234.57');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });

  test('rounds half-cents away from zero', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(formatMoney(2.675)).toBe('$2.68');
  });

  test('gives empty text for empty or non-numeric amounts, and has a whole-dollar variant', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney(1234.5, { wholeDollars: true })).toBe('$1,235');
  });
});

describe('dates', () => {
  test('formatDate shows stored dates as MM-DD-YYYY without any time-zone shift', () => {
    expect(formatDate('2026-03-09')).toBe('03-09-2026');
    expect(formatDate('1999-12-31')).toBe('12-31-1999');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('03-0')).toBe('03-0');
  });

  test('formatDate gives the local day of a date-time', () => {
    const local = new Date(2026, 2, 9, 23, 30);
    expect(formatDate(local)).toBe('03-09-2026');
    expect(formatDate(local.toISOString())).toBe('03-09-2026');
  });

  test('parseDateInput stores MM-DD-YYYY (or MM/DD/YYYY, or ISO) as YYYY-MM-DD', () => {
    expect(parseDateInput('03-09-2026')).toBe('2026-03-09');
    expect(parseDateInput('03/09/2026')).toBe('2026-03-09');
    expect(parseDateInput(' 2026-03-09 ')).toBe('2026-03-09');
    expect(parseDateInput('02-29-2024')).toBe('2024-02-29');
  });

  test('parseDateInput keeps impossible or partial dates as typed, and empties as null', () => {
    expect(parseDateInput('02-30-2026')).toBe('02-30-2026');
    expect(parseDateInput('13-01-2026')).toBe('13-01-2026');
    expect(parseDateInput('03-09-20')).toBe('03-09-20');
    expect(parseDateInput('01-01-0999')).toBe('01-01-0999');
    expect(parseDateInput('')).toBeNull();
    expect(parseDateInput('   ')).toBeNull();
  });

  test('validateDate accepts empty and stored dates, and reports anything else with the app key', () => {
    expect(validateDate('2026-03-09', {}, {} as never)).toBeUndefined();
    expect(validateDate(null, {}, {} as never)).toBeUndefined();
    expect(validateDate('02-30-2026', {}, {} as never)).toBe('app.validation.date');
    expect(validateDate('2026-02-30', {}, {} as never)).toBe('app.validation.date');
    expect(isIsoDate('3000-12-31')).toBe(true);
    expect(isIsoDate('3001-01-01')).toBe(false);
  });

  test('maskDateInput groups typed digits as MM-DD-YYYY and leaves other text alone', () => {
    expect(maskDateInput('0')).toBe('0');
    expect(maskDateInput('030')).toBe('03-0');
    expect(maskDateInput('03092026')).toBe('03-09-2026');
    expect(maskDateInput('03-09-2026')).toBe('03-09-2026');
    expect(maskDateInput('030920261')).toBe('03-09-2026');
    expect(maskDateInput('2026-03-09')).toBe('2026-03-09');
    expect(maskDateInput('abc')).toBe('abc');
  });

  test('formatDateTime writes the date and the 12-hour time in the chosen language', () => {
    const local = new Date(2026, 2, 9, 14, 5);
    expect(formatDateTime(local, 'en')).toBe('03-09-2026, 2:05 PM');
    expect(formatDateTime(null, 'en')).toBe('');
  });
});

describe('12-hour time', () => {
  test('toTwelveHour reads HH:mm', () => {
    expect(toTwelveHour('13:05')).toEqual({ hour: 1, minute: 5, period: 'PM' });
    expect(toTwelveHour('00:00')).toEqual({ hour: 12, minute: 0, period: 'AM' });
    expect(toTwelveHour('12:30')).toEqual({ hour: 12, minute: 30, period: 'PM' });
    expect(toTwelveHour('09:55')).toEqual({ hour: 9, minute: 55, period: 'AM' });
    expect(toTwelveHour('23:59:00')).toEqual({ hour: 11, minute: 59, period: 'PM' });
    expect(toTwelveHour('24:00')).toBeNull();
    expect(toTwelveHour('')).toBeNull();
    expect(toTwelveHour(null)).toBeNull();
  });

  test('fromTwelveHour writes HH:mm', () => {
    expect(fromTwelveHour(1, 5, 'PM')).toBe('13:05');
    expect(fromTwelveHour(12, 0, 'AM')).toBe('00:00');
    expect(fromTwelveHour(12, 45, 'PM')).toBe('12:45');
    expect(fromTwelveHour(11, 55, 'PM')).toBe('23:55');
    expect(fromTwelveHour(7, 0, 'AM')).toBe('07:00');
    expect(() => fromTwelveHour(13, 0, 'AM')).toThrow('hour must be 1–12, got 13');
    expect(() => fromTwelveHour(0, 0, 'AM')).toThrow('hour must be 1–12, got 0');
  });

  test('every 12-hour time round-trips', () => {
    for (let h = 0; h < 24; h += 1) {
      for (let m = 0; m < 60; m += 5) {
        const value = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        const t = toTwelveHour(value)!;
        expect(fromTwelveHour(t.hour, t.minute, t.period)).toBe(value);
      }
    }
  });

  test('formatTime and validateTime', () => {
    expect(formatTime('13:05')).toBe('1:05 PM');
    expect(formatTime('00:10')).toBe('12:10 AM');
    expect(formatTime('nope')).toBe('');
    expect(validateTime('07:35', {}, {} as never)).toBeUndefined();
    expect(validateTime('7:35', {}, {} as never)).toBe('app.validation.time');
  });
});

describe('list criteria helpers', () => {
  test('criteriaOf drops the keyword, the saved-filter keys and empty parts', () => {
    expect(criteriaOf({ q: 'ann', savedFilterId: 3, savedFilterName: 'Mine', active: false, city: ' ', genders: [], dateOfBirth: { from: '', to: '2000-01-01' } })).toEqual({
      active: false,
    });
  });

  test('sameCriteria compares cleaned criteria whatever the key order', () => {
    expect(sameCriteria({ active: true, stateCodes: ['FL'], savedFilterId: 7 }, { stateCodes: ['FL'], active: true })).toBe(true);
    expect(sameCriteria({ active: true, city: 'Mia' }, { active: true })).toBe(false);
    expect(stableStringify({ b: 1, a: { d: 2, c: [3] } })).toBe('{"a":{"c":[3],"d":2},"b":1}');
    expect(withoutSavedFilter({ active: true, savedFilterId: 1, savedFilterName: 'x' })).toEqual({ active: true });
  });
});

describe('filter chip texts', () => {
  const descriptors: FilterDescriptors = {
    active: { label: 'resources.students.filters.active', kind: 'boolean' },
    genders: { label: 'resources.students.filters.genders', kind: 'enum', enumName: 'Gender' },
    createdAt: { label: 'resources.students.filters.createdAt', kind: 'dateRange' },
    city: { label: 'resources.students.filters.city', kind: 'text' },
    countryCodes: { label: 'Country', kind: 'lookup', lookupType: 'COUNTRY' },
    amount: { label: 'Amount', kind: 'money' },
  };

  test('reads "<Field label>: <value>" for each kind', () => {
    const chips = describeCriteria(
      {
        q: 'ann',
        savedFilterId: 3,
        city: 'Miami',
        active: true,
        genders: ['FEMALE', 'NON_BINARY'],
        createdAt: { from: '2026-03-01', to: '2026-03-31' },
        countryCodes: ['US', 'XX'],
        amount: { min: 10, max: 1500.5 },
        ids: [4, 5],
      },
      descriptors,
      translate as never,
      { COUNTRY: new Map([['US', 'United States']]) },
    );
    expect(chips.map((c) => `${c.label}: ${c.value}`)).toEqual([
      'Active: Yes',
      'Gender: Female, Non-binary',
      'Created: 03-01-2026 – 03-31-2026',
      'City: Miami',
      'Country: United States, XX',
      'Amount: $10.00 – $1,500.50',
      'ids: 4, 5',
    ]);
  });

  test('booleans read No, open ranges read From / Min, and dropped criteria get no chip', () => {
    expect(criterionText(false, descriptors.active, translate as never)).toBe('No');
    expect(criterionText({ from: '2026-03-01' }, descriptors.createdAt, translate as never)).toBe('From 03-01-2026');
    expect(criterionText({ min: 5 }, descriptors.amount, translate as never)).toBe('Min $5.00');
    expect(criterionText(-5, descriptors.amount, translate as never)).toBe('-$5.00');
    expect(describeCriteria({ createdAt: { to: '2026-03-31' }, genders: [] }, descriptors, translate as never)).toEqual([]);
  });
});
