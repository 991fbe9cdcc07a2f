import { useMemo } from 'react';
import { FunctionField, useTranslate, type FunctionFieldProps } from 'react-admin';
import * as Enums from '../../../models/enums';

/** Names of the enumerations in models/enums.ts whose labels live under `enums.<Name>` in the translations. */
export type EnumName = { [K in keyof typeof Enums]: (typeof Enums)[K] extends readonly string[] ? K : never }[keyof typeof Enums];

/** `{ id, name }` choices of an enumeration, labelled in the current language, in the spec's order. */
export function useEnumChoices(name: EnumName): Array<{ id: string; name: string }> {
  const translate = useTranslate();
  return useMemo(() => (Enums[name] as readonly string[]).map((id) => ({ id, name: translate(`enums.${name}.${id}`, { _: id }) })), [name, translate]);
}

/** A field showing an enumeration value by its label. */
export function EnumField({ enumName, source, ...rest }: { enumName: EnumName; source: string } & Omit<FunctionFieldProps, 'render' | 'source'>) {
  const translate = useTranslate();
  return (
    <FunctionField
      source={source}
      {...rest}
      render={(record: Record<string, unknown>) => {
        const value = source.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], record);
        return value === null || value === undefined || value === '' ? '' : translate(`enums.${enumName}.${String(value)}`, { _: String(value) });
      }}
    />
  );
}
