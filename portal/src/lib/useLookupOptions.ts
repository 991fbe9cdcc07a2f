/**
 * Options of a lookup type (GET /public/lookups?type=), fetched once per screen. Countries are named
 * in the portal's language and sorted by that name (the lookup holds English names only); US states
 * keep their postal names.
 */
import { useEffect, useMemo, useState } from 'react';
import { countryName } from '../../../models/labels';
import type { Option } from '../components/SelectInput';
import { useApi } from '../components/PortalContext';
import { useI18n } from '../i18n';
import type { LookupItem } from './api';

export function useLookupOptions(type: 'COUNTRY' | 'US_STATE'): Option[] {
  const api = useApi();
  const { locale } = useI18n();
  const [items, setItems] = useState<LookupItem[]>([]);
  useEffect(() => {
    let live = true;
    api.lookups(type).then(
      (found) => live && setItems(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, type]);
  return useMemo(() => {
    if (type !== 'COUNTRY' || locale === 'en') return items.map((item) => ({ value: item.value, label: item.label }));
    const options = items.map((item) => ({ value: item.value, label: countryName(item.value, locale) || item.label }));
    return options.sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [items, type, locale]);
}
