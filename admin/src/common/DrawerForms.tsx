import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { CreateBase, EditBase, SaveButton, SimpleForm, useNotify, type RaRecord } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useServerRefusal } from './useServerRefusal';

/** The drawers' Save, under the form. */
export const saveToolbar = (
  <Box sx={{ mt: 1 }}>
    <SaveButton />
  </Box>
);

interface FormProps<T extends RaRecord> {
  resource: string;
  /** The form's values → the request's body. */
  transform: (data: unknown) => unknown;
  /** The text key notified on success. */
  done: string;
  toolbar?: ReactNode;
  children: ReactNode;
  /** Extra success work (after the notification). */
  onSaved?: (record: T) => void;
}

/**
 * A record drawer's edit form: PUT on Save (pessimistic: the drawer shows what the server kept), `done`
 * notified, a refusal shown on its fields (useServerRefusal).
 */
export function DrawerEditForm<T extends RaRecord>({ resource, record, values, transform, done, toolbar = saveToolbar, children }: FormProps<T> & { record: T; values: object }) {
  const notify = useNotify();
  const onError = useServerRefusal();
  return (
    <EditBase<T>
      resource={resource}
      id={record.id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data) => transform(data) as T}
      mutationOptions={{ onSuccess: () => notify(done, { type: 'success' }), onError }}
    >
      <SimpleForm record={values} noValidate sx={{ p: 0 }} toolbar={toolbar}>
        {children}
      </SimpleForm>
    </EditBase>
  );
}

/** A record drawer's create form: POST on Save, `done` notified, then the drawer moves to the new record (the list's query kept). */
export function DrawerCreateForm<T extends RaRecord>({ resource, defaultValues, transform, done, toolbar = saveToolbar, children }: FormProps<T> & { defaultValues: object }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const onError = useServerRefusal();
  return (
    <CreateBase<T>
      resource={resource}
      redirect={false}
      transform={(data) => transform(data) as T}
      mutationOptions={{
        onSuccess: (created: T) => {
          notify(done, { type: 'success' });
          navigate(`/${resource}/${created.id}${search}`);
        },
        onError,
      }}
    >
      <SimpleForm defaultValues={defaultValues} noValidate sx={{ p: 0 }} toolbar={toolbar}>
        {children}
      </SimpleForm>
    </CreateBase>
  );
}
