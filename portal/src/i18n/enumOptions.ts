/** Options for enumeration selects, labelled in the current language (models/labels.ts). */
import { useMemo } from 'react';
import * as Enums from '../../../models/enums';
import { enumLabel, type EnumName } from '../../../models/labels';
import type { Option } from '../components/SelectInput';
import { useI18n } from '.';

export function useEnumOptions(name: EnumName): Option[] {
  const { locale } = useI18n();
  return useMemo(() => (Enums[name] as readonly string[]).map((value) => ({ value, label: enumLabel(name, value, locale) })), [name, locale]);
}
