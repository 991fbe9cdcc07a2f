import { useEffect, useState } from 'react';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import type { AppDataProvider } from '../../providers/dataProvider';
import { normalizeCatalogue, type Catalogue } from './permissionMatrix';

// The catalogue only changes with a deployment: one request per data provider (i.e. per page load).
const cache = new WeakMap<object, Promise<Catalogue>>();

function load(dataProvider: AppDataProvider): Promise<Catalogue> {
  let pending = cache.get(dataProvider);
  if (!pending) {
    pending = dataProvider.permissionCatalogue().then(normalizeCatalogue);
    pending.catch(() => cache.delete(dataProvider));
    cache.set(dataProvider, pending);
  }
  return pending;
}

/** GET /api/roles/permissions, as `[{ resource, actions }]`. */
export function usePermissionCatalogue(): { catalogue: Catalogue | undefined; error: Error | null } {
  const dataProvider = useAppDataProvider();
  const [catalogue, setCatalogue] = useState<Catalogue | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    let live = true;
    load(dataProvider).then(
      (c) => live && setCatalogue(c),
      (e: Error) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return { catalogue, error };
}
