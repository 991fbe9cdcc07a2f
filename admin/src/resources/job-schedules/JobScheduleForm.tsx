import { useMemo } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import {
  ArrayInput,
  CreateBase,
  EditBase,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  useInput,
  useLocaleState,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { useEnumChoices } from '../../common/enums';
import { useServerRefusal } from '../../common/useServerRefusal';
import { t, useScheduleWords } from './JobScheduleParts';
import {
  JOB_SCHEDULES,
  NEW_JOB_SCHEDULE,
  REFUSAL_KEYS,
  describeCron,
  isInterval,
  toJobScheduleFormValues,
  toJobSchedulePayload,
  type JobScheduleFormValues,
  type JobScheduleRecord,
} from './jobScheduleRecord';

const f = (key: string) => t(`fields.${key}`);

const cronMode = (values: Partial<JobScheduleFormValues>) => values.cronJob !== false;

/** A cron expression is required on a cron schedule (whether it reads is the server's to say, with the local hint meanwhile). */
const cronRequired: Validator = Object.assign(
  (value: unknown, values: Partial<JobScheduleFormValues>) => (cronMode(values) && (typeof value !== 'string' || value.trim() === '') ? 'ra.validation.required' : undefined),
  // Required whenever it is shown (react-admin's asterisk).
  { isRequired: true },
);

/** An interval schedule needs a whole number of seconds, 1 or more. */
const intervalValid: Validator = Object.assign(
  (value: unknown, values: Partial<JobScheduleFormValues>) => {
    if (cronMode(values)) return undefined;
    if (value === null || value === undefined || value === '') return 'ra.validation.required';
    return isInterval(Number(value)) ? undefined : t('hints.interval_invalid');
  },
  { isRequired: true },
);

/** Each params name once. */
const uniqueKey: Validator = (value: unknown, values: Partial<JobScheduleFormValues>) => {
  const key = typeof value === 'string' ? value.trim() : '';
  if (!key) return undefined;
  return (values.params ?? []).filter((p) => (p?.key ?? '').trim() === key).length > 1 ? t('hints.param_key_duplicate') : undefined;
};

/**
 * The cron expression with its reading in the console's language under it, live as it is typed
 * ('At 02:00 AM (New York time)'). What cronstrue cannot read gets the local hint; the server's 400
 * field error ('Invalid cron expression') shows in the input's own error line, in the console's language.
 */
function CronExpressionInput() {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const { field, fieldState, formState, id, isRequired } = useInput({ source: 'cronExpression', validate: cronRequired });
  const value = typeof field.value === 'string' ? field.value : '';
  const reading = describeCron(value, locale);
  const error = (fieldState.isTouched || formState.isSubmitted) && fieldState.error ? fieldState.error.message : undefined;
  const errorText = error ? translate(REFUSAL_KEYS[error] ?? error, { _: error }) : null;
  return (
    <Box sx={{ mb: 1 }}>
      <TextField
        id={id}
        {...field}
        value={value}
        label={`${translate(f('cronExpression'))}${isRequired ? ' *' : ''}`}
        error={Boolean(errorText)}
        helperText={errorText ?? ' '}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', 'data-testid': 'cron-expression-input', style: { fontFamily: 'monospace' } } }}
      />
      {reading.ok ? (
        <Typography variant="body2" data-testid="cron-preview" sx={{ mt: -1, mb: 0.5 }}>
          {reading.text} ({translate(t('schedule.time_zone'))})
        </Typography>
      ) : (
        <Typography variant="body2" color={value.trim() ? 'warning.main' : 'text.secondary'} data-testid="cron-hint" sx={{ mt: -1, mb: 0.5 }}>
          {translate(t(value.trim() ? 'hints.cron_invalid' : 'hints.cron'))}
        </Typography>
      )}
    </Box>
  );
}

/** The interval in words under its input ('Every 15 minutes'). */
function IntervalPreview() {
  const words = useScheduleWords();
  const repeatInterval = useWatch({ name: 'repeatInterval' }) as number | null | undefined;
  const text = isInterval(Number(repeatInterval)) ? words({ cronJob: false, cronExpression: null, repeatInterval: Number(repeatInterval) }) : '';
  if (!text) return null;
  return (
    <Typography variant="body2" data-testid="interval-preview" sx={{ mt: -1, mb: 1 }}>
      {text}
    </Typography>
  );
}

/** The schedule's fields: name, group, job, description, the schedule (cron or interval), params. */
export function JobScheduleInputs() {
  const translate = useTranslate();
  const types = useEnumChoices('JobType');
  const cronJob = useWatch({ name: 'cronJob' }) as boolean | undefined;
  const modes = useMemo(
    () => [
      { id: 'cron', name: translate(t('modes.cron')) },
      { id: 'interval', name: translate(t('modes.interval')) },
    ],
    [translate],
  );
  return (
    <Box sx={{ width: '100%' }}>
      <TextInput source="jobName" label={f('jobName')} validate={required()} fullWidth />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <SelectInput source="type" label={f('type')} choices={types} validate={required()} fullWidth />
        <TextInput source="jobGroup" label={f('jobGroup')} fullWidth />
      </Box>
      <TextInput source="description" label={f('description')} multiline minRows={2} fullWidth />
      <RadioButtonGroupInput
        source="cronJob"
        label={f('cronJob')}
        choices={modes}
        format={(value: unknown) => (value === false ? 'interval' : 'cron')}
        parse={(value: unknown) => value !== 'interval'}
        row
      />
      {cronJob === false ? (
        <>
          <NumberInput source="repeatInterval" label={f('repeatInterval')} validate={intervalValid} min={1} step={1} fullWidth />
          <IntervalPreview />
        </>
      ) : (
        <CronExpressionInput />
      )}
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
        {translate(f('params'))}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate(t('hints.params'))}
      </Typography>
      <ArrayInput source="params" label={false}>
        <SimpleFormIterator inline disableReordering data-testid="params-editor">
          <TextInput source="key" label={f('paramKey')} validate={[required(), uniqueKey]} helperText={false} sx={{ minWidth: 140 }} />
          <TextInput source="value" label={f('paramValue')} helperText={false} sx={{ minWidth: 180, '& input': { fontFamily: 'monospace' } }} />
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

const toolbar = (
  <Box sx={{ mt: 1 }}>
    <SaveButton />
  </Box>
);

/**
 * The schedule's form in the drawer: PUT /job_schedules/{id} with exactly the contract's body,
 * saved pessimistically (the answer carries the new next run). A 400's field errors land under
 * their inputs; any other refusal is notified in the console's language.
 */
export function JobScheduleEdit({ record }: { record: JobScheduleRecord }) {
  const notify = useNotify();
  const onError = useServerRefusal({ messageOf: refusalKey });
  const values = useMemo(() => toJobScheduleFormValues(record), [record]);
  return (
    <EditBase<JobScheduleRecord>
      resource={JOB_SCHEDULES}
      id={record.id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data) => toJobSchedulePayload(data as unknown as JobScheduleFormValues) as unknown as JobScheduleRecord}
      mutationOptions={{ onSuccess: () => notify(t('notifications.saved'), { type: 'success' }), onError }}
    >
      <SimpleForm record={values} noValidate sx={{ p: 0 }} toolbar={toolbar}>
        <JobScheduleInputs />
      </SimpleForm>
    </EditBase>
  );
}

/** The add drawer of /job-schedules/create: POST /job_schedules; on success the drawer moves to the new schedule. */
export function JobScheduleCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const onError = useServerRefusal({ messageOf: refusalKey });
  return (
    <CreateBase<JobScheduleRecord>
      resource={JOB_SCHEDULES}
      redirect={false}
      transform={(data) => toJobSchedulePayload(data as unknown as JobScheduleFormValues) as unknown as JobScheduleRecord}
      mutationOptions={{
        onSuccess: (created: JobScheduleRecord) => {
          notify(t('notifications.created'), { type: 'success' });
          navigate(`/${JOB_SCHEDULES}/${created.id}${search}`);
        },
        onError,
      }}
    >
      <SimpleForm defaultValues={NEW_JOB_SCHEDULE} noValidate sx={{ p: 0 }} toolbar={toolbar}>
        <JobScheduleInputs />
      </SimpleForm>
    </CreateBase>
  );
}

/** The key of a refusal this screen words itself ('Job already running'...), else undefined (the server's message). */
export function refusalKey(error: unknown): string | undefined {
  const message = (error as Error | null)?.message;
  return message ? REFUSAL_KEYS[message] : undefined;
}
