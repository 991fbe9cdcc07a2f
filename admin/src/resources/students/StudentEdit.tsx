import { Box, Divider, Typography } from '@mui/material';
import { EditBase, Form, SaveButton, SimpleForm, TextInput, email, required, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import type { ApiErrorBody } from '../../providers/http';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { StudentInputs, toStudentPayload } from './StudentInputs';
import type { LearnerResource, StudentRecord } from './studentRecord';

/**
 * The profile tab: the whole profile saved with PUT /{students|customers}/{id}, pessimistically
 * (the drawer shows the server's answer, never a guess), field errors under their inputs.
 */
export function SaveOnlyToolbar() {
  return (
    <Box sx={{ mt: 1 }}>
      <SaveButton />
    </Box>
  );
}

export interface StudentEditProps {
  resource: LearnerResource;
  id: Identifier;
}

export function StudentEdit({ resource, id }: StudentEditProps) {
  const notify = useNotify();
  return (
    <EditBase
      resource={resource}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      transform={toStudentPayload}
      mutationOptions={{ onSuccess: () => notify('resources.students.messages.saved', { type: 'success' }) }}
    >
      <SimpleForm noValidate toolbar={<SaveOnlyToolbar />} sx={{ p: 0 }}>
        <StudentInputs resource={resource} mode="edit" />
      </SimpleForm>
    </EditBase>
  );
}

/**
 * The sign-in email, changed on its own (PATCH /students/{id}/email): it is the account's
 * identity, and the change ends the student's open sessions.
 */
export function StudentEmailForm({ record }: { record: StudentRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();

  const submit = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.changeStudentEmail(record.id, String(values.email ?? ''));
      notify('resources.students.messages.email_changed', { type: 'success' });
      refresh();
      return undefined;
    } catch (error) {
      const body = (error as { body?: ApiErrorBody }).body;
      if (body?.errors && Object.keys(body.errors).length) return body.errors;
      // A refusal about the address itself (taken by another account) belongs under the input.
      return { email: body?.message ?? (error as Error).message };
    }
  };

  return (
    <Box sx={{ mt: 2 }} data-testid="student-email-form">
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle2" color="text.secondary">
        {translate('resources.students.sections.sign_in_email')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('resources.students.messages.email_hint')}
      </Typography>
      <Form record={{ id: record.id, email: record.user?.email ?? '' }} onSubmit={submit} noValidate>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextInput source="email" type="email" label="resources.students.fields.user.email" validate={[required(), email()]} sx={{ flex: 1, minWidth: 240 }} />
          <SaveButton label="resources.students.actions.change_email" sx={{ mt: 1 }} />
        </Box>
      </Form>
    </Box>
  );
}
