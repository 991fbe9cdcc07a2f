import { useMemo, type ReactNode } from 'react';
import { Box, LinearProgress, Toolbar as PlainToolbar } from '@mui/material';
import { CreateBase, EditBase, SaveButton, SimpleForm, Toolbar, useEditContext, useNotify, type Identifier, type RaRecord } from 'react-admin';
import { useServerRefusal } from './useServerRefusal';

const saveOnly = (
  <Box sx={{ mt: 1 }}>
    <SaveButton />
  </Box>
);

interface EditBodyProps<R extends RaRecord> {
  inputs: ReactNode;
  deleteButton?: (record: R) => ReactNode;
  footer?: (record: R) => ReactNode;
  formRecord?: (record: R) => Partial<R>;
  plainToolbar?: boolean;
}

function EditBody<R extends RaRecord>({ inputs, deleteButton, footer, formRecord, plainToolbar }: EditBodyProps<R>) {
  const { isPending, record } = useEditContext<R>();
  const values = useMemo(() => (record && formRecord ? formRecord(record) : undefined), [record, formRecord]);
  if (isPending || !record) return <LinearProgress />;
  const buttons = deleteButton ? (
    <>
      <SaveButton />
      {deleteButton(record)}
    </>
  ) : null;
  const toolbar = !buttons ? (
    saveOnly
  ) : plainToolbar ? (
    <PlainToolbar disableGutters sx={{ justifyContent: 'space-between' }}>
      {buttons}
    </PlainToolbar>
  ) : (
    <Toolbar sx={{ justifyContent: 'space-between' }}>{buttons}</Toolbar>
  );
  return (
    <>
      <SimpleForm noValidate {...(formRecord ? { record: values } : {})} sx={{ p: 0 }} toolbar={toolbar}>
        {inputs}
      </SimpleForm>
      {footer ? footer(record) : null}
    </>
  );
}

export interface NestedRecordEditorProps<R extends RaRecord> extends EditBodyProps<R> {
  /** The nested resource, e.g. `programs/5/graduation_requirements` (react-admin does not know it). */
  resource: string;
  /** The record to edit, or 'create' for a new one. */
  id: Identifier | 'create';
  /** The payload sent (POST on create, PUT on edit); on edit `previousData` is the stored record. */
  transform: (data: R, options?: { previousData?: R }) => R | Promise<R>;
  /** The form's values when creating. */
  defaultValues?: Record<string, unknown>;
  /** Translation keys notified on success. */
  createdMessage: string;
  savedMessage: string;
  /** Called after a successful save (the drawer closes). */
  onDone: () => void;
}

/**
 * Add (POST) or edit (PUT) one record of a nested resource in a drawer, pessimistically: the drawer
 * closes on the server's answer, with `createdMessage` / `savedMessage`; a 400's field errors land
 * under the inputs and any other refusal is notified in the console's language (useServerRefusal).
 * On edit the toolbar holds Save and, with `deleteButton`, the record's delete (or archive) button;
 * `footer` goes under the form ('Last changed …'). Access is the caller's to check (the nested
 * resource is not one react-admin knows), and the API enforces it.
 */
export function NestedRecordEditor<R extends RaRecord>({ resource, id, transform, defaultValues, createdMessage, savedMessage, onDone, ...body }: NestedRecordEditorProps<R>) {
  const notify = useNotify();
  const onError = useServerRefusal();
  const done = (message: string) => () => {
    notify(message, { type: 'success' });
    onDone();
  };
  if (id === 'create') {
    return (
      <CreateBase<R> resource={resource} redirect={false} disableAuthentication transform={transform} mutationOptions={{ onSuccess: done(createdMessage), onError }}>
        <SimpleForm noValidate sx={{ p: 0 }} defaultValues={defaultValues} toolbar={saveOnly}>
          {body.inputs}
        </SimpleForm>
      </CreateBase>
    );
  }
  return (
    <EditBase<R>
      resource={resource}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      disableAuthentication
      transform={transform}
      mutationOptions={{ onSuccess: done(savedMessage), onError }}
    >
      <EditBody<R> {...body} />
    </EditBase>
  );
}
