import { useState, type ReactNode } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Confirm, useCanAccess, useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useServerRefusal } from '../../../common/useServerRefusal';
import { PROGRAMS, type ProgramRecord } from '../programRecord';

/** Translation key under `resources.program-parts`. */
export const pt = (key: string) => `resources.program-parts.${key}`;

/** What the signed-in administrator may do with a program's parts (nothing but read on an archived program). */
export function usePartAccess(program: Pick<ProgramRecord, 'deleted'>) {
  const create = useCanAccess({ resource: PROGRAMS, action: 'create' });
  const edit = useCanAccess({ resource: PROGRAMS, action: 'edit' });
  const remove = useCanAccess({ resource: PROGRAMS, action: 'delete' });
  const open = !program.deleted;
  return {
    canCreate: open && create.canAccess === true,
    canEdit: open && edit.canAccess === true,
    canDelete: open && remove.canAccess === true,
    isPending: create.isPending || edit.isPending || remove.isPending,
  };
}

/** The tab's caption with its add button on the right, and the archived-program notice. */
export function TabHeader({ caption, action, program }: { caption: string; action?: ReactNode; program: Pick<ProgramRecord, 'deleted'> }) {
  const translate = useTranslate();
  return (
    <>
      {program.deleted ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 1 }} data-testid="parts-archived">
          {translate(pt('messages.archived_program'))}
        </Alert>
      ) : null}
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1} sx={{ mb: 1, minHeight: 36 }}>
        <Typography variant="body2" color="text.secondary">
          {translate(caption)}
        </Typography>
        <Box sx={{ flexShrink: 0, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>{action}</Box>
      </Stack>
    </>
  );
}

/**
 * A delete (or archive) button that asks first. `action` runs the call; a refusal is shown with the
 * server's message and the dialog closes either way.
 */
export function ConfirmButton({
  label,
  title,
  content,
  name,
  action,
  onDone,
  testId,
  icon = <DeleteIcon />,
}: {
  label: string;
  title: string;
  content: string;
  name: string;
  action: () => Promise<unknown>;
  onDone: () => void;
  testId: string;
  icon?: ReactNode;
}) {
  const onError = useServerRefusal();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await action();
      onDone();
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button label={label} color="error" onClick={() => setOpen(true)} data-testid={testId}>
        {icon as never}
      </Button>
      <Confirm isOpen={open} loading={pending} title={title} content={content} translateOptions={{ name }} confirm={label} onConfirm={confirm} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * The Delete button of a part's form: asks first ('<part>.actions.delete_title' / 'delete_content'
 * with the record's name), deletes it from the nested `resource`, then notifies
 * '<part>.notifications.deleted' and calls `onDone`.
 */
export function DeletePartButton({
  part,
  resource,
  record,
  name,
  testId,
  onDone,
}: {
  part: string;
  resource: string;
  record: RaRecord;
  name: string;
  testId: string;
  onDone: () => void;
}) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  return (
    <ConfirmButton
      label="ra.action.delete"
      title={pt(`${part}.actions.delete_title`)}
      content={pt(`${part}.actions.delete_content`)}
      name={name}
      testId={testId}
      action={() => dataProvider.delete(resource, { id: record.id, previousData: record })}
      onDone={() => {
        notify(pt(`${part}.notifications.deleted`), { type: 'success' });
        onDone();
      }}
    />
  );
}
