import type { ReactNode } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { ResourceContextProvider, useCanAccess, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { RecordDrawer } from './RecordDrawer';

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

/**
 * The drawer over a resource's list on /<resource>/:id (`create` included), with 'Copy direct link': on
 * /create the `create` form behind CreateGate (`readOnly` for staff who may not create), else the
 * record's `detail`; titled by DrawerRecordTitle.
 */
export function ResourceDrawer<T extends RaRecord>({
  resource,
  newTitle,
  readOnly,
  label,
  create,
  detail,
}: {
  resource: string;
  newTitle: string;
  readOnly: string;
  label: (record: T) => ReactNode;
  create: ReactNode;
  detail: (id: string) => ReactNode;
}) {
  return (
    <RecordDrawer basePath={`/${resource}`} title={(id) => <DrawerRecordTitle<T> resource={resource} id={id} newTitle={newTitle} label={label} />}>
      {(id) =>
        id === 'create' ? (
          <CreateGate resource={resource} readOnly={readOnly}>
            {create}
          </CreateGate>
        ) : (
          detail(id)
        )
      }
    </RecordDrawer>
  );
}
