import { useMemo, useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useNotify, usePermissions } from 'react-admin';
import { hasPermission, type Permission } from '../../../../models/permissions';
import { splitFilter } from '../../providers/dataProvider';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useServerRefusal } from '../useServerRefusal';
import { useDownloads } from './DownloadsContext';
import { exportsApi, type ExportKind } from './exportsApi';

/**
 * A list's Export button (issue 20): asks the server for an export of the list's current criteria and
 * keyword (the same ones the list sends; `fixed` adds a list's permanent criteria, e.g. migrated plans),
 * then the Downloads panel follows it. Replaces react-admin's browser-side export, which stopped at
 * 1,000 rows. Shown to those who may export (exports:create) and read the list (`permission`).
 * `criteriaOf`: a list that shapes its criteria before sending them (the attendance list) shapes them here too.
 */
export function ExportButton({
  kind,
  permission,
  fixed,
  criteriaOf,
  label = 'downloads.export',
}: {
  kind: ExportKind;
  permission: Permission;
  fixed?: Record<string, unknown>;
  criteriaOf?: (criteria: Record<string, unknown>) => Record<string, unknown>;
  label?: string;
}) {
  const { filterValues } = useListContext();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => exportsApi(dataProvider), [dataProvider]);
  const notify = useNotify();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { refresh } = useDownloads();
  const { permissions } = usePermissions<string[]>();
  const [pending, setPending] = useState(false);
  if (!Array.isArray(permissions) || !hasPermission(permissions, 'exports:create') || !hasPermission(permissions, permission)) return null;

  async function ask() {
    setPending(true);
    try {
      const { keyword, criteria } = splitFilter(filterValues);
      await api.ask(kind, { ...(criteriaOf ? criteriaOf(criteria) : criteria), ...fixed }, keyword);
      notify('downloads.asked', { type: 'info' });
      await refresh(true);
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Button label={label} disabled={pending} onClick={() => void ask()} data-testid={`export-${kind}`}>
      <DownloadIcon />
    </Button>
  );
}
