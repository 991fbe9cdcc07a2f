import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { InfoRow, InfoSection } from './StudentOverview';
import type { LearnerResource, StudentRecord } from './studentRecord';

/**
 * The payment information tab. Only what the API has today is shown (the auto-pay flag, edited on
 * the profile tab); payment plans, schedules and history arrive with the billing area — until then
 * the tab says so rather than showing placeholder figures.
 */
export function StudentPayment({ resource, record }: { resource: LearnerResource; record: StudentRecord }) {
  const translate = useTranslate();
  const t = (key: string) => `resources.${resource}.${key}`;
  return (
    <Box data-testid="student-payment">
      <InfoSection title={t('sections.auto_pay')}>
        <InfoRow label={t('fields.autoPay')} testId="payment-auto-pay">
          {translate(record.autoPay ? 'app.yes' : 'app.no')}
        </InfoRow>
      </InfoSection>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(t('sections.payment_plans'))}
      </Typography>
      <Alert severity="info" variant="outlined">
        {translate(t('messages.payment_plans_note'))}
      </Alert>
    </Box>
  );
}
