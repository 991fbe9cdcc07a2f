import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { readList } from '../providers/dataProvider';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/** Choices the coaching circles' screens share (issue 19): cohorts and the coach picker. */

export type Choice = { id: number; name: string };

/** Coaches offered by the picker (back-office spec §9: "coaches list in a circle 100"). */
export const COACH_PICK_SIZE = 100;

/** Cohorts newest first, by their label. */
export function useCohortChoices(): Choice[] {
  const { data = [] } = useGetList('cohorts', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'DESC' } }, { staleTime: 60_000 });
  return useMemo(() => data.map((c) => ({ id: Number(c.id), name: String(c.label ?? c.id) })), [data]);
}

/** The coach picker's rows (GET /coaches?fields=id,name, by last name), loaded once a minute at most. */
export function useCoachChoices(): Choice[] {
  const { request } = useAppDataProvider();
  const { data = [] } = useQuery({
    queryKey: ['coaches', 'pick'],
    queryFn: async () =>
      readList<Choice>(await request({ path: '/coaches', query: { fields: 'id,name', size: COACH_PICK_SIZE, page: 0, sortBy: 'lastName', descending: false } })).data,
    staleTime: 60_000,
  });
  return data;
}
