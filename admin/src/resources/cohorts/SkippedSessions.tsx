import { useState } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Button, Confirm, Form, NumberInput, SaveButton, TextInput, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { TextButton } from '../../common/TextButton';
import { DateInput, formatDate } from '../../common/dates';
import { requiredValue } from '../../common/validation';
import { maxChars, skippedSessionsResource, toSkippedPayload, wholeFrom, withinCohort, type CohortRecord, type SkippedSessionRecord } from './cohortRecord';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';

const f = (key: string) => `resources.cohorts.skipped.fields.${key}`;
const k = (key: string) => `resources.cohorts.skipped.${key}`;

type Editing = SkippedSessionRecord | 'create' | null;

/** Add or change one skipped date: POST or PUT, field errors under the inputs, a duplicate notified. */
function SkippedSessionDialog({ cohort, editing, onClose, onSaved }: { cohort: CohortRecord; editing: Editing; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refused = useServerRefusal();
  const resource = skippedSessionsResource(cohort.id);
  const record = editing && editing !== 'create' ? editing : undefined;
  async function save(values: Partial<SkippedSessionRecord>) {
    const data = toSkippedPayload(values);
    try {
      if (record) await dataProvider.update(resource, { id: record.id, data, previousData: record });
      else await dataProvider.create(resource, { data });
      notify(k(record ? 'notifications.saved' : 'notifications.created'), { type: 'success' });
      onSaved();
      return undefined;
    } catch (error) {
      refused(error);
      return fieldErrorsOf(error) ?? undefined;
    }
  }
  return (
    <Dialog open={editing !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate(k(record ? 'edit_title' : 'add_title'))}</DialogTitle>
      <DialogContent>
        {editing !== null ? (
          <Form record={record ?? {}} onSubmit={save as never} noValidate>
            <DateInput source="sessionDate" label={f('sessionDate')} validate={[requiredValue, withinCohort(cohort)]} fullWidth />
            <NumberInput source="coachingCircleTypeId" label={f('coachingCircleTypeId')} helperText={k('type_helper')} validate={wholeFrom(1)} fullWidth />
            <TextInput source="description" label={f('description')} validate={maxChars(255)} fullWidth />
            <Stack direction="row" spacing={1} justifyContent="flex-end">
              <TextButton label="ra.action.cancel" onClick={onClose} />
              <SaveButton data-testid="save-skipped" />
            </Stack>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dates the cohort's coaching circles skip (GET .../skip_coaching_circle_sessions, by date):
 * add, change and delete them. A date outside the cohort's dates or skipped twice is refused.
 */
export function SkippedSessions({ cohort, canEdit }: { cohort: CohortRecord; canEdit: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const resource = skippedSessionsResource(cohort.id);
  const { data = [], isPending, refetch } = useGetList<SkippedSessionRecord>(resource, { pagination: { page: 1, perPage: 100 }, sort: { field: 'sessionDate', order: 'ASC' } });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SkippedSessionRecord | null>(null);

  async function remove(session: SkippedSessionRecord) {
    try {
      await dataProvider.delete(resource, { id: session.id, previousData: session });
      notify(k('notifications.deleted'), { type: 'success' });
      void refetch();
    } catch (error) {
      refused(error);
    }
  }

  return (
    <Box sx={{ mt: 1 }} data-testid="skipped-sessions">
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="subtitle2" color="text.secondary">
          {translate(k('title'))}
        </Typography>
        {canEdit ? (
          <Button label={k('add')} onClick={() => setEditing('create')} data-testid="add-skipped">
            <AddIcon />
          </Button>
        ) : null}
      </Stack>
      {isPending ? <LinearProgress /> : null}
      {!isPending && data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {translate(k('empty'))}
        </Typography>
      ) : null}
      {data.length ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(f('sessionDate'))}</TableCell>
              <TableCell>{translate(f('coachingCircleTypeId'))}</TableCell>
              <TableCell>{translate(f('description'))}</TableCell>
              {canEdit ? <TableCell /> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((session) => (
              <TableRow key={session.id} data-testid={`skipped-${session.id}`}>
                <TableCell>{formatDate(session.sessionDate)}</TableCell>
                <TableCell>{session.coachingCircleTypeId ?? translate(k('all_types'))}</TableCell>
                <TableCell>{session.description ?? ''}</TableCell>
                {canEdit ? (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={translate('ra.action.edit')}>
                      <IconButton size="small" aria-label={translate('ra.action.edit')} onClick={() => setEditing(session)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('ra.action.delete')}>
                      <IconButton size="small" aria-label={translate('ra.action.delete')} onClick={() => setDeleting(session)} data-testid={`delete-skipped-${session.id}`}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <SkippedSessionDialog
        cohort={cohort}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refetch();
        }}
      />
      <Confirm
        isOpen={deleting !== null}
        title={k('delete_title')}
        content={k('delete_content')}
        titleTranslateOptions={{ date: formatDate(deleting?.sessionDate) }}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const session = deleting;
          setDeleting(null);
          if (session) void remove(session);
        }}
      />
    </Box>
  );
}
