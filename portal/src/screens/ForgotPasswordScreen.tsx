/** /forgot-password: email → POST /auth/customer/forgot_password → /check-your-email. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '../components/ErrorAlert';
import { useApi } from '../components/PortalContext';
import { PublicShell } from '../components/PublicShell';
import { RouterLink } from '../components/RouterLink';
import { TextInput } from '../components/TextInput';
import { useI18n } from '../i18n';
import { describeError, type ErrorView } from '../lib/errors';
import { useForm } from '../lib/useForm';
import { email as emailRule, hasErrors, validate } from '../lib/validation';

export default function ForgotPasswordScreen() {
  const api = useApi();
  const { t } = useI18n();
  const navigate = useNavigate();
  const { values, setValue, errors, setErrors } = useForm({ email: '' });
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validate(values, { email: [emailRule] });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const email = values.email.trim();
      await api.forgotPassword(email);
      navigate('/check-your-email', { state: { email } });
    } catch (error) {
      const view = describeError(error, ['email']);
      setErrors(view.fields);
      setFailure(view);
      setBusy(false);
    }
  }

  return (
    <PublicShell title={t('forgot.title')} subtitle={t('forgot.intro')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('forgot.title')}>
        <ErrorAlert error={failure} />
        <TextInput name="email" type="email" label={t('field.email')} autoComplete="email" autoFocus value={values.email} onValueChange={setValue} error={errors.email} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {t('forgot.submit')}
        </Button>
      </Box>
      <RouterLink to="/login" sx={{ display: 'inline-block', mt: 3 }}>
        {t('common.backToSignIn')}
      </RouterLink>
    </PublicShell>
  );
}
