import { useContext, useMemo, type ReactNode } from 'react';
import { DataProviderContext, type DataProvider } from 'react-admin';
import { apiPath, pagingToQuery, readList, splitFilter, type AppDataProvider } from '../providers/dataProvider';

/**
 * Lists whose API has only `POST .../find_by_criteria` (failed payments, disputes: there is no plain
 * GET list). Under this provider the screen's lists always POST their criteria, an empty body
 * included, so clearing every chip still reaches the server (which applies its own defaults).
 */
export function criteriaOnlyProvider(dataProvider: AppDataProvider, resources: readonly string[]): AppDataProvider {
  const only = new Set(resources);
  const getList: DataProvider['getList'] = async (resource, params) => {
    if (!only.has(resource)) return dataProvider.getList(resource, params);
    const { keyword, criteria } = splitFilter(params.filter);
    const body = await dataProvider.request({ method: 'POST', path: `/${apiPath(resource)}/find_by_criteria`, query: { ...pagingToQuery(params), keyword }, body: criteria });
    return readList(body) as never;
  };
  return { ...dataProvider, getList };
}

/** Wraps a screen so its lists of `resources` go through find_by_criteria only. */
export function CriteriaOnlyData({ resources, children }: { resources: readonly string[]; children: ReactNode }) {
  const dataProvider = useContext(DataProviderContext) as AppDataProvider | null;
  const key = resources.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const wrapped = useMemo(() => (dataProvider ? criteriaOnlyProvider(dataProvider, resources) : null), [dataProvider, key]);
  if (!wrapped) return <>{children}</>;
  return <DataProviderContext.Provider value={wrapped}>{children}</DataProviderContext.Provider>;
}
