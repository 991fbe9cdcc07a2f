import type { ReactNode } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { ResourceContextProvider, useCanAccess, useGetOne, useTranslate, type RaRecord } from 'react-admin';

/**
 * The add drawer's body of a resource: the create form for staff who may create, else why they cannot
 * (`readOnly`, a text key).
 */
export function CreateGate({ resource, readOnly, children }: { resource: string; readOnly: string; children: ReactNode }) {
  const translate = useTranslate();
  const { canAccess = false, isPending } = useCanAccess({ resource, action: 'create' });
  if (isPending) return <LinearProgress />;
  if (!canAccess) {
    return (
      <Alert severity="info" variant="outlined">
        {translate(readOnly)}
      </Alert>
    );
  }
  return <ResourceContextProvider value={resource}>{children}</ResourceContextProvider>;
}

/** A record drawer's title: `newTitle` (a text key) on /create, else the record's `label`, else #id. */
export function DrawerRecordTitle<T extends RaRecord>({ resource, id, newTitle, label }: { resource: string; id: string; newTitle: string; label: (record: T) => ReactNode }) {
  const translate = useTranslate();
  const isCreate = id === 'create';
  const { data } = useGetOne<T>(resource, { id }, { enabled: !isCreate });
  if (isCreate) return <>{translate(newTitle)}</>;
  return <span data-testid="drawer-title">{data ? label(data) : `#${id}`}</span>;
}
