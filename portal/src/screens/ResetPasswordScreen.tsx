/**
 * /reset-account-password?token=: a new password from an emailed link → POST
 * /auth/customer/reset_password. An expired or used link shows the spec's message and a way to ask again.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Messages } from '../../../models/messages';
import { ErrorAlert } from '../components/ErrorAlert';
import { FormMessage } from '../components/FormMessage';
import { useApi } from '../components/PortalContext';
import { PublicShell } from '../components/PublicShell';
import { RouterLink } from '../components/RouterLink';
import { NewPasswordInputs } from '../components/TextInput';
import { useI18n } from '../i18n';
import { describeError, type ErrorView } from '../lib/errors';
import type { LoginState } from '../lib/paths';
import { useForm } from '../lib/useForm';
import { confirmation, hasErrors, strongPassword, validate } from '../lib/validation';

const FIELDS = ['password', 'passwordConfirmation'] as const;

export default function ResetPasswordScreen() {
  const api = useApi();
  const { t, tm } = useI18n();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const { values, setValue, errors, setErrors } = useForm({ password: '', passwordConfirmation: '' });
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [expired, setExpired] = useState(!token);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validate(values, { password: [strongPassword], passwordConfirmation: [confirmation(values.password)] });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await api.resetPassword({ token, ...values });
      navigate('/login', { replace: true, state: { notice: 'passwordReset' } satisfies LoginState });
    } catch (error) {
      const view = describeError(error, FIELDS);
      setBusy(false);
      // A link that is unknown, used, expired or malformed: the form cannot work any more.
      if (view.code === 'RESET_FORM_EXPIRED' || view.others.some((other) => other.path === 'token')) {
        setExpired(true);
        return;
      }
      setErrors(view.fields);
      setFailure(view);
    }
  }

  if (expired) {
    return (
      <PublicShell title={t('reset.title')}>
        <FormMessage severity="error" testId="reset-expired">
          {tm(Messages.RESET_FORM_EXPIRED)}
        </FormMessage>
        <RouterLink to="/forgot-password">{t('reset.requestAgain')}</RouterLink>
      </PublicShell>
    );
  }

  return (
    <PublicShell title={t('reset.title')} subtitle={t('reset.intro')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('reset.title')}>
        <ErrorAlert error={failure} />
        <NewPasswordInputs
          values={values}
          errors={errors}
          onValueChange={setValue}
          labels={{ password: t('field.newPassword'), passwordConfirmation: t('field.newPasswordConfirmation') }}
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {t('reset.submit')}
        </Button>
      </Box>
      <RouterLink to="/login" sx={{ display: 'inline-block', mt: 3 }}>
        {t('common.backToSignIn')}
      </RouterLink>
    </PublicShell>
  );
}
