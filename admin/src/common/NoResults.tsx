import { CardContent, Typography } from '@mui/material';
import { useGetResourceLabel, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { TextButton } from './TextButton';

/**
 * What a list's table shows without rows: react-admin's own text, and with filters applied its
 * 'Clear filters' as a TextButton (react-admin's is an icon-less Button, which shows nothing on a phone).
 */
export function NoResults() {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const { filterValues, setFilters } = useListContext();
  const name = useGetResourceLabel()(resource, 0);
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  return (
    <CardContent>
      <Typography variant="body2" data-testid="no-results">
        {translate(filtered ? 'ra.navigation.no_filtered_results' : 'ra.navigation.no_results', { resource, name })}{' '}
        {filtered ? <TextButton label="ra.navigation.clear_filters" onClick={() => setFilters({}, [])} /> : null}
      </Typography>
    </CardContent>
  );
}
