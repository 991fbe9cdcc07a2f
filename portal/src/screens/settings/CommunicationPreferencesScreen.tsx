/**
 * /settings/communication-preferences: email and SMS opt-ins, saved with PUT /api/students/{id}
 * (`communicationPreferences: { email, sms }`; personal info is sent back as read, since the profile
 * body requires it, and the other sections are left out so they keep their values).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useApi } from '../../components/PortalContext';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useI18n } from '../../i18n';
import { useStudent } from '../../layout/StudentContext';
import { personalInfoOf, type Student } from '../../lib/api';
import { describeError, type ErrorView } from '../../lib/errors';

export default function CommunicationPreferencesScreen() {
  const { t } = useI18n();
  const { student, loading, error } = useStudent();
  useDocumentTitle(t('settings.tab.communication'));
  if (loading) return <PageLoading />;
  if (error) return <ErrorAlert error={error} />;
  if (!student) return <FormMessage severity="info">{t('profile.noStudent')}</FormMessage>;
  return <PreferencesForm student={student} />;
}

function PreferencesForm({ student }: { student: Student }) {
  const api = useApi();
  const { t } = useI18n();
  const { setStudent } = useStudent();
  // Opted in unless the record says otherwise (the server's default).
  const [email, setEmail] = useState(student.communicationPreferences?.email !== false);
  const [sms, setSms] = useState(student.communicationPreferences?.sms !== false);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSaved(false);
    setBusy(true);
    try {
      const updated = await api.updateStudent(student.id, { personalInfo: personalInfoOf(student), communicationPreferences: { email, sms } });
      setStudent(updated);
      setEmail(updated.communicationPreferences?.email !== false);
      setSms(updated.communicationPreferences?.sms !== false);
      setSaved(true);
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="preferences-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" id="preferences-heading" gutterBottom>
        {t('comm.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('comm.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('comm.title')}>
        <ErrorAlert error={failure} testId="preferences-error" />
        <FormGroup>
          <FormControlLabel
            control={
              <Switch
                name="communicationPreferences.email"
                checked={email}
                onChange={(e) => setEmail(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'comm-email-help' } }}
              />
            }
            label={t('comm.email')}
          />
          <FormHelperText id="comm-email-help" sx={{ mt: -0.5, mb: 1.5, ml: 6 }}>
            {t('comm.emailHelp')}
          </FormHelperText>
          <FormControlLabel
            control={
              <Switch name="communicationPreferences.sms" checked={sms} onChange={(e) => setSms(e.target.checked)} slotProps={{ input: { 'aria-describedby': 'comm-sms-help' } }} />
            }
            label={t('comm.sms')}
          />
          <FormHelperText id="comm-sms-help" sx={{ mt: -0.5, mb: 1.5, ml: 6 }}>
            {t('comm.smsHelp')}
          </FormHelperText>
        </FormGroup>
        {saved && (
          <FormMessage severity="success" testId="preferences-saved">
            {t('comm.saved')}
          </FormMessage>
        )}
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
          {t('comm.save')}
        </Button>
      </Box>
    </Paper>
  );
}
