import { Box, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useTranslate } from 'react-admin';
import type { EnumName } from './enums';
import { criteriaOf } from './ListFilters';
import { formatMoney } from './money';

export interface SummaryAnswer {
  total: number;
  statuses: Array<{ status: string; count: number }>;
}

/**
 * The summary figures above a list (back-office spec §3: 'Transfers and withdrawals return a
 * summary'): POST /{path}/summary with the list's criteria (the search text is not a criterion, so
 * the figures say they count the filters only), read again whenever the criteria change or the list
 * is refreshed. Shows how many match, per status (labelled by `enumName`), and each money figure.
 */
export function SummaryBar<T extends SummaryAnswer>({
  queryKey,
  load,
  enumName,
  prefix,
  money,
}: {
  queryKey: string;
  load: (criteria: Record<string, unknown>) => Promise<T>;
  enumName: EnumName;
  /** The resource's i18n prefix: `${prefix}.summary.total`, `.keyword_ignored` and one label per money key. */
  prefix: string;
  money: Array<keyof T & string>;
}) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const criteria = criteriaOf(filterValues);
  const keyword = typeof filterValues?.q === 'string' && filterValues.q.trim() !== '';
  const { data } = useQuery({ queryKey: [queryKey, 'summary', criteria], queryFn: () => load(criteria) });
  if (!data) return null;
  return (
    <Box sx={{ px: 2, pt: 1.5, pb: 0.5 }} data-testid="list-summary">
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
        <Typography variant="subtitle2" data-testid="summary-total">
          {`${translate(`${prefix}.summary.total`)}: ${data.total}`}
        </Typography>
        {data.statuses.map((s) => (
          <Chip
            key={s.status}
            size="small"
            variant="outlined"
            label={`${translate(`enums.${enumName}.${s.status}`, { _: s.status })}: ${s.count}`}
            data-testid={`summary-status-${s.status}`}
          />
        ))}
        {money.map((key) => (
          <Typography key={key} variant="body2" color="text.secondary" sx={{ ml: 1 }} data-testid={`summary-${key}`}>
            {`${translate(`${prefix}.summary.${key}`)}: ${formatMoney(data[key])}`}
          </Typography>
        ))}
      </Stack>
      {keyword ? (
        <Typography variant="caption" color="text.secondary">
          {translate(`${prefix}.summary.keyword_ignored`)}
        </Typography>
      ) : null}
    </Box>
  );
}
