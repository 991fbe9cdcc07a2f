import englishMessages from 'ra-language-english';
import raSpanishDefault, { raSpanish } from '../../admin/src/i18n/ra-es';
import * as Enums from '../../models/enums';
import { EnumLabels, enumChoices, enumLabel, durationTypeLabel, type EnumName } from '../../models/labels';
import { Messages, MessagesEs, translateMessage } from '../../models/messages';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';
import { app } from '../../admin/src/i18n/app';
import { resourceMessages } from '../../admin/src/i18n/resources';

type Tree = { [key: string]: unknown };

/** Every leaf of a messages tree, as [dotted path, value]. */
function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' ? leaves(value as Tree, path) : [[path, value] as [string, unknown]];
  });
}

const placeholders = (text: string): string[] => (text.match(/%\{[^}]+\}/g) ?? []).sort();

/** The exports of models/enums that are string tuples. */
const enumEntries = (Object.entries(Enums) as Array<[string, unknown]>).filter(
  ([, values]) => Array.isArray(values) && values.every((value: unknown) => typeof value === 'string'),
) as Array<[EnumName, readonly string[]]>;

describe('react-admin Spanish messages', () => {
  const english = new Map(leaves(englishMessages as unknown as Tree));
  const spanish = new Map(leaves(raSpanish as unknown as Tree));

  it('is the default export too', () => {
    expect(raSpanishDefault).toBe(raSpanish);
  });

  it('has exactly the leaf keys of ra-language-english', () => {
    expect(english.size).toBeGreaterThanOrEqual(164);
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has a non-empty string for every leaf, translated for nearly all', () => {
    let translated = 0;
    for (const [path, value] of spanish) {
      expect(typeof value).toBe('string');
      expect((value as string).length).toBeGreaterThan(0);
      if (value !== english.get(path)) translated += 1;
    }
    expect(translated).toBeGreaterThanOrEqual(150);
  });

  it('keeps every %{placeholder} and the |||| plural forms', () => {
    for (const [path, value] of english) {
      const text = value as string;
      const es = spanish.get(path) as string;
      for (const placeholder of placeholders(text)) expect({ path, has: es.includes(placeholder) }).toEqual({ path, has: true });
      expect({ path, plurals: es.split('||||').length }).toEqual({ path, plurals: text.split('||||').length });
    }
  });
});

describe("the console's own texts", () => {
  it('every English text (the app, each resource, the dashboard, the profile, billing) has its Spanish one with the same placeholders and plural forms', () => {
    const en = new Map(leaves({ app: app.en, ...resourceMessages('en') } as Tree));
    const es = new Map(leaves({ app: app.es, ...resourceMessages('es') } as Tree));
    expect(en.size).toBeGreaterThan(1000);
    const offences: string[] = [];
    for (const [key, text] of en) {
      const spanish = es.get(key);
      if (typeof spanish !== 'string' || !spanish.trim()) offences.push(`${key}: no Spanish`);
      else if (placeholders(spanish).join() !== placeholders(String(text)).join()) offences.push(`${key}: placeholders differ`);
      else if (spanish.split('||||').length !== String(text).split('||||').length) offences.push(`${key}: plural forms differ`);
    }
    for (const key of es.keys()) if (!en.has(key)) offences.push(`${key}: Spanish only`);
    expect(offences).toEqual([]);
  });
});

describe('enumeration labels', () => {
  it('covers every enumeration of models/enums', () => {
    expect(enumEntries.length).toBeGreaterThan(30);
    for (const locale of ['en', 'es'] as const) {
      expect(Object.keys(EnumLabels[locale]).sort()).toEqual(enumEntries.map(([name]) => name).sort());
    }
  });

  it('has a non-empty label for every value in both languages, and no extra values', () => {
    for (const [name, values] of enumEntries) {
      for (const locale of ['en', 'es'] as const) {
        const labels = EnumLabels[locale][name] as Record<string, string>;
        expect(Object.keys(labels).sort()).toEqual([...values].sort());
        for (const value of values) expect({ name, value, ok: typeof labels[value] === 'string' && labels[value].length > 0 }).toEqual({ name, value, ok: true });
      }
    }
  });

  it('uses the spec labels', () => {
    expect(enumLabel('Language', 'EN', 'en')).toBe('English');
    expect(enumLabel('Language', 'ES', 'en')).toBe('Spanish');
    expect(enumLabel('Language', 'EN', 'es')).toBe('Inglés');
    expect(enumLabel('Language', 'ES', 'es')).toBe('Español');
    expect(enumLabel('SessionStatus', 'IDLE', 'en')).toBe('Idle');
    expect(enumLabel('PaymentPlanType', 'PAY_IN_FULL', 'en')).toBe('Pay in full');
    expect(enumLabel('PaymentPlanType', 'INTEREST_BEARING', 'en')).toBe('Interest bearing');
    expect(enumLabel('DurationType', 'FIXED_DURATION', 'en')).toBe('12 Months');
    expect(durationTypeLabel('FIXED_DURATION', true, 'en')).toBe('Accelerated (6 Months)');
    expect(durationTypeLabel('FIXED_DURATION', false, 'en')).toBe('12 Months');
    expect(durationTypeLabel('CONTINUOUS_LEARNING', true, 'en')).toBe('Continuous learning');
    expect(durationTypeLabel('FIXED_DURATION', true, 'es')).toBe('Acelerado (6 meses)');
    expect(durationTypeLabel('FIXED_DURATION', false, 'es')).toBe('12 meses');
    expect(durationTypeLabel('CONTINUOUS_LEARNING', false, 'es')).toBe('Aprendizaje continuo');
  });

  it('falls back to the raw value and builds choices in tuple order', () => {
    expect(enumLabel('Gender', 'SOMETHING_ELSE', 'es')).toBe('SOMETHING_ELSE');
    expect(enumChoices('Gender', 'es')).toEqual(Enums.Gender.map((id) => ({ id, name: EnumLabels.es.Gender[id] })));
    expect(enumChoices('Language', 'en')).toEqual([
      { id: 'EN', name: 'English' },
      { id: 'ES', name: 'Spanish' },
    ]);
  });
});

describe('Spanish API messages', () => {
  it('has a Spanish message for every English one, with the same placeholders', () => {
    expect(Object.keys(MessagesEs).sort()).toEqual(Object.keys(Messages).sort());
    for (const key of Object.keys(Messages) as Array<keyof typeof Messages>) {
      const count = (text: string) => (text.match(/\{\d+\}/g) ?? []).sort();
      expect(count(MessagesEs[key])).toEqual(count(Messages[key]));
    }
  });

  it('translates exact messages and filled templates, leaving the rest unchanged', () => {
    expect(translateMessage('This field is required', 'es')).toBe(MessagesEs.REQUIRED);
    expect(translateMessage('This field is required', 'en')).toBe('This field is required');
    const underAge = translateMessage('Below 18 age, call to Acme (Phone enrollment)', 'es');
    expect(underAge).toContain('Acme');
    expect(underAge).not.toContain('Phone enrollment');
    expect(translateMessage('Minimum 8 characters', 'es')).toBe('Mínimo 8 caracteres');
    expect(translateMessage('Some unknown text', 'es')).toBe('Some unknown text');
  });
});

describe('the console i18n provider and server texts', () => {
  it('shows a server refusal in Spanish whether react-admin passes it as the key or with itself as the default', () => {
    const i18n = createI18nProvider('es');
    const refusal = 'The cohort cannot be archived: it belongs to the product HCTP 2027';
    const spanish = 'La cohorte no se puede archivar: pertenece al producto HCTP 2027';
    expect(i18n.translate(refusal)).toBe(spanish);
    expect(i18n.translate(refusal, { _: refusal })).toBe(spanish);
    expect(i18n.translate('ra.action.save')).toBe('Guardar');
    expect(createI18nProvider('en').translate(refusal, { _: refusal })).toBe(refusal);
  });
});
