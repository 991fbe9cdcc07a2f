import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, PasswordInput, SaveButton, useLogout, useNotify, useTranslate, type Identifier } from 'react-admin';
import { HttpError } from '../providers/http';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { matchesField, requiredValue, strongPassword } from '../common/validation';

interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

/**
 * What the form shows for a failed PATCH /users/{id}/update_password: the 400's field errors under
 * their fields, and the 409 'Invalid current password' under the current password. Anything else is
 * not a field's problem (null: the caller notifies).
 */
export function passwordErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof HttpError)) return null;
  if (error.body.errors && Object.keys(error.body.errors).length) return error.body.errors;
  if (error.body.code === 'INVALID_CURRENT_PASSWORD') return { currentPassword: error.body.message };
  return null;
}

/** The signed-in administrator's own password. The API ends every session after it, so we sign out. */
export function ChangePasswordForm({ userId }: { userId: Identifier | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const dataProvider = useAppDataProvider();

  async function submit(values: Partial<PasswordChange>) {
    if (userId === undefined || userId === null) return;
    try {
      await dataProvider.updatePassword(userId, {
        currentPassword: values.currentPassword ?? '',
        password: values.password ?? '',
        passwordConfirmation: values.passwordConfirmation ?? '',
      });
    } catch (error) {
      const fields = passwordErrors(error);
      if (fields) return fields;
      const message = (error as Error)?.message;
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
      return;
    }
    notify('profile.password.changed', { type: 'success' });
    await logout({}, '/login', false);
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('profile.password.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('profile.password.hint')}
        </Typography>
        <Form onSubmit={submit} defaultValues={{ currentPassword: '', password: '', passwordConfirmation: '' }}>
          <Stack spacing={1} sx={{ maxWidth: 420 }}>
            <PasswordInput source="currentPassword" label="profile.password.current" validate={requiredValue} autoComplete="current-password" fullWidth />
            <PasswordInput source="password" label="profile.password.new" validate={[requiredValue, strongPassword]} autoComplete="new-password" fullWidth />
            <PasswordInput
              source="passwordConfirmation"
              label="profile.password.confirmation"
              validate={[requiredValue, matchesField('password')]}
              autoComplete="new-password"
              fullWidth
            />
            <div>
              <SaveButton label="profile.password.submit" />
            </div>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
