import { useMemo, useState } from 'react';
import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { Form, SaveButton, useNotify, useRefresh, useTranslate } from 'react-admin';
import { DateInput, schoolDay } from '../../common/dates';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { FormSection } from '../../common/FormSection';
import { notBefore, toCoachingCircleDatesPayload, type CoachingCircleDates, type CohortRecord } from './cohortRecord';
import { SkippedSessions } from './SkippedSessions';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';

const f = (key: string) => `resources.cohorts.fields.${key}`;
const s = (key: string) => `resources.cohorts.sections.${key}`;

/** A switch that saves at once through its own PATCH call (useCoachingCircle, accessDisabled). */
function FlagSwitch({ record, flag, disabled }: { record: CohortRecord; flag: 'useCoachingCircle' | 'accessDisabled'; disabled: boolean }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [pending, setPending] = useState(false);
  async function change(value: boolean) {
    setPending(true);
    try {
      await dataProvider.setCohortFlag(record.id, flag, value);
      notify('resources.cohorts.notifications.saved', { type: 'success' });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <FormControlLabel
      control={<Switch checked={record[flag]} disabled={disabled || pending} onChange={(_, checked) => change(checked)} data-testid={`switch-${flag}`} />}
      label={translate(f(flag))}
    />
  );
}

/**
 * The sign-up windows of the cohort's coaching circles and sessions: PATCH
 * .../coaching_circle_open_close_dates with the four days (an emptied one clears it); a close before
 * its open is refused under the close date, here and by the server.
 */
function CoachingCircleDatesForm({ record, disabled }: { record: CohortRecord; disabled: boolean }) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal();
  const values = useMemo(
    () => ({
      id: record.id,
      coachingCircleOpenDate: schoolDay(record.coachingCircleOpenDate),
      coachingCircleCloseDate: schoolDay(record.coachingCircleCloseDate),
      sessionOpenDate: schoolDay(record.sessionOpenDate),
      sessionCloseDate: schoolDay(record.sessionCloseDate),
    }),
    [record],
  );
  async function save(data: Partial<CoachingCircleDates>) {
    try {
      await dataProvider.setCoachingCircleDates(record.id, toCoachingCircleDatesPayload(data, record));
      notify('resources.cohorts.notifications.saved', { type: 'success' });
      refresh();
      return undefined;
    } catch (error) {
      refused(error);
      return fieldErrorsOf(error) ?? undefined;
    }
  }
  return (
    <Form record={values} onSubmit={save as never} noValidate>
      <FormSection title={s('windows')}>
        <DateInput source="coachingCircleOpenDate" label={f('coachingCircleOpenDate')} disabled={disabled} />
        <DateInput source="coachingCircleCloseDate" label={f('coachingCircleCloseDate')} validate={notBefore('coachingCircleOpenDate')} disabled={disabled} />
        <DateInput source="sessionOpenDate" label={f('sessionOpenDate')} disabled={disabled} />
        <DateInput source="sessionCloseDate" label={f('sessionCloseDate')} validate={notBefore('sessionOpenDate')} disabled={disabled} />
      </FormSection>
      {disabled ? null : (
        <Box sx={{ mb: 2 }}>
          <SaveButton label="resources.cohorts.actions.save_windows" data-testid="save-windows" />
        </Box>
      )}
    </Form>
  );
}

/** The drawer's coaching-circles tab: the two switches, the sign-up windows and the skipped dates. */
export function CohortCoachingCircles({ record, canEdit }: { record: CohortRecord; canEdit: boolean }) {
  const translate = useTranslate();
  const disabled = !canEdit || record.deleted;
  return (
    <Box data-testid="cohort-coaching-circles">
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1, mb: 0.5 }}>
        {translate(s('switches'))}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
        <FlagSwitch record={record} flag="useCoachingCircle" disabled={disabled} />
        <FlagSwitch record={record} flag="accessDisabled" disabled={disabled} />
      </Stack>
      <CoachingCircleDatesForm key={`${record.id}-${record.updatedAt}`} record={record} disabled={disabled} />
      <SkippedSessions cohort={record} canEdit={!disabled} />
    </Box>
  );
}
