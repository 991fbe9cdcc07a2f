import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, TextField, Typography } from '@mui/material';
import {
  ArrayInput,
  AutocompleteArrayInput,
  CreateBase,
  EditBase,
  NullableBooleanInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  SaveButton,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { DateInput } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { useLookupChoices } from '../../common/ListFilters';
import { studentOptionText, studentSearch } from '../../common/studentNames';
import { TimeInput } from '../../common/TimeInput';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { CommunicationPreview } from './CommunicationPreview';
import { COMMUNICATIONS, NEW_COMMUNICATION, communicationApi, toFormValues, toPayload, type CommunicationFormValues, type CommunicationRecord } from './communicationRecord';

const t = (key: string) => `resources.communications.${key}`;
const f = (key: string) => t(`fields.${key}`);

/** A value that settles `ms` after its last change (the live count and the preview ask once typing stops). */
export function useDebounced<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Required unless a template is chosen (its content brings the subject and body). */
const requiredWithoutTemplate: Validator = Object.assign(
  (value: unknown, values: Partial<CommunicationFormValues>) =>
    !values.communicationTemplateId && (typeof value !== 'string' || value.trim() === '') ? 'ra.validation.required' : undefined,
  { isRequired: false },
);
const requiredWhen = (field: 'recipientType' | 'scheduleType', choice: string): Validator =>
  Object.assign(
    (value: unknown, values: Partial<CommunicationFormValues>) =>
      values[field] === choice && (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) ? 'ra.validation.required' : undefined,
    { isRequired: true },
  );

/** The query every template select shares: the templates slice's list (none while it cannot be read). */
function useTemplates() {
  const dataProvider = useAppDataProvider();
  const api = communicationApi(dataProvider);
  const templates = useQuery({ queryKey: ['communications', 'templates'], queryFn: api.templates, staleTime: 60_000, retry: false });
  const emailTemplates = useQuery({ queryKey: ['communications', 'email-templates'], queryFn: api.emailTemplates, staleTime: 60_000, retry: false });
  return { templates: templates.data ?? [], emailTemplates: emailTemplates.data ?? [], failed: templates.isError };
}

/** The count of students a FILTER reaches, live as its criteria change (POST /communications/filter). */
function MatchingCount() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const criteria = useWatch({ name: 'searchFilter' }) as Record<string, unknown> | undefined;
  const settled = useDebounced(JSON.stringify(criteria ?? {}));
  const { data, isFetching } = useQuery({
    queryKey: ['communications', 'filter', settled],
    queryFn: () => communicationApi(dataProvider).filter(JSON.parse(settled) as Record<string, unknown>),
    retry: false,
  });
  return (
    <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }} data-testid="matching-count" aria-live="polite">
      {data && !isFetching ? translate(t('messages.matching'), { smart_count: data.total }) : translate(t('messages.matching_loading'))}
    </Typography>
  );
}

/** The student criteria of a FILTER (the students list's), under `searchFilter.`. */
function FilterCriteriaInputs() {
  const translate = useTranslate();
  const languages = useEnumChoices('Language');
  const countries = useLookupChoices('COUNTRY');
  const states = useLookupChoices('US_STATE');
  const c = (key: string) => t(`criteria.${key}`);
  const props = { helperText: false as const, size: 'small' as const };
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 2 }} data-testid="filter-criteria">
      <Typography variant="caption" color="text.secondary">
        {translate(f('searchFilter'))}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextInput source="searchFilter.name" label={c('name')} {...props} />
        <TextInput source="searchFilter.email" label={c('email')} {...props} />
        <SelectArrayInput source="searchFilter.languages" label={c('languages')} choices={languages} {...props} />
        <NullableBooleanInput source="searchFilter.active" label={c('active')} {...props} />
        <AutocompleteArrayInput source="searchFilter.countryCodes" label={c('countryCodes')} choices={countries} {...props} />
        <AutocompleteArrayInput source="searchFilter.stateCodes" label={c('stateCodes')} choices={states} {...props} />
        <TextInput source="searchFilter.city" label={c('city')} {...props} />
        <Box />
        <DateInput source="searchFilter.createdAt.from" label={c('createdAtFrom')} {...props} />
        <DateInput source="searchFilter.createdAt.to" label={c('createdAtTo')} {...props} />
      </Box>
      <MatchingCount />
    </Box>
  );
}

/** The template's parameters as a hint, or the placeholders an own message may use. */
function ParamsHint({ templates }: { templates: Array<{ id: unknown; availableParams?: string[] }> }) {
  const translate = useTranslate();
  const templateId = useWatch({ name: 'communicationTemplateId' }) as number | null | undefined;
  const template = templateId ? templates.find((x) => String(x.id) === String(templateId)) : undefined;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="params-hint">
      {template
        ? `${translate(t('messages.template_hint'))} ${translate(t('messages.template_params'), { names: (template.availableParams ?? []).join(', ') || '—' })}`
        : translate(t('messages.own_params'))}
    </Typography>
  );
}

/**
 * What staff write (back-office spec §3 "Communication"): type, the category (always a manual
 * notification), recipients (BROADCAST, SPECIFIC with the student picker, FILTER on the student
 * criteria with the live count of matching students), NOW or FUTURE with a date and the 12-hour time
 * picker (New York time), the message or a template with its params, the email's header and footer.
 */
export function CommunicationInputs() {
  const translate = useTranslate();
  const kinds = useEnumChoices('CommunicationKind');
  const recipientTypes = useEnumChoices('RecipientType');
  const scheduleTypes = useEnumChoices('ScheduleType');
  const recipientType = useWatch({ name: 'recipientType' }) as string | undefined;
  const scheduleType = useWatch({ name: 'scheduleType' }) as string | undefined;
  const templateId = useWatch({ name: 'communicationTemplateId' }) as number | null | undefined;
  const { templates, emailTemplates, failed } = useTemplates();
  const templateChoices = useMemo(() => templates.map((x) => ({ id: x.id, name: x.name })), [templates]);
  const emailChoices = useMemo(() => emailTemplates.map((x) => ({ id: x.id, name: x.name })), [emailTemplates]);
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <SelectInput source="type" label={f('type')} choices={kinds} validate={required()} fullWidth />
        <TextField
          label={translate(f('category'))}
          value={translate('enums.CommunicationCategory.MANUAL_NOTIFICATION')}
          helperText={translate(t('messages.category_fixed'))}
          size="small"
          margin="dense"
          disabled
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'category-fixed' } }}
        />
      </Box>
      <RadioButtonGroupInput source="recipientType" label={f('recipientType')} choices={recipientTypes} row />
      {recipientType === 'SPECIFIC' ? (
        <ReferenceArrayInput source="recipients" reference="students" perPage={20} sort={{ field: 'id', order: 'ASC' }}>
          <AutocompleteArrayInput
            label={f('recipients')}
            optionText={studentOptionText}
            filterToQuery={studentSearch}
            validate={requiredWhen('recipientType', 'SPECIFIC')}
            fullWidth
          />
        </ReferenceArrayInput>
      ) : recipientType === 'FILTER' ? (
        <FilterCriteriaInputs />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="broadcast-hint">
          {translate(t('messages.broadcast'))}
        </Typography>
      )}
      <RadioButtonGroupInput source="scheduleType" label={f('scheduleType')} choices={scheduleTypes} row />
      {scheduleType === 'FUTURE' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
          <DateInput source="scheduleDate" label={f('scheduleDate')} validate={requiredWhen('scheduleType', 'FUTURE')} />
          <TimeInput source="scheduleTime" label={f('scheduleTime')} validate={requiredWhen('scheduleType', 'FUTURE')} helperText={t('messages.time_zone')} />
        </Box>
      ) : null}
      {failed ? (
        <Alert severity="warning" variant="outlined" sx={{ my: 1 }}>
          {translate(t('messages.templates_unavailable'))}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <SelectInput source="communicationTemplateId" label={f('communicationTemplateId')} choices={templateChoices} emptyText="—" fullWidth />
        <SelectInput source="emailTemplateId" label={f('emailTemplateId')} choices={emailChoices} emptyText="—" fullWidth />
      </Box>
      {templateId ? null : (
        <>
          <TextInput source="subject" label={f('subject')} validate={requiredWithoutTemplate} fullWidth />
          <TextInput source="header" label={f('header')} fullWidth />
          <TextInput source="longMessageBody" label={f('longMessageBody')} validate={requiredWithoutTemplate} multiline minRows={4} fullWidth />
          <TextInput source="shortMessageBody" label={f('shortMessageBody')} multiline minRows={2} fullWidth />
        </>
      )}
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
        {translate(f('params'))}
      </Typography>
      <ParamsHint templates={templates} />
      <ArrayInput source="params" label={false}>
        <SimpleFormIterator inline disableReordering data-testid="params-editor">
          <TextInput source="key" label={f('paramKey')} validate={required()} helperText={false} sx={{ minWidth: 140 }} />
          <TextInput source="value" label={f('paramValue')} helperText={false} sx={{ minWidth: 180 }} />
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

/** The preview of what the form holds now (below the inputs, for the recipient chosen there). */
function FormPreview() {
  const values = useWatch() as Partial<CommunicationFormValues>;
  const draft = useDebounced(JSON.stringify(toPayload(values)), 500);
  const recipients = (values.recipientType === 'SPECIFIC' ? values.recipients : []) ?? [];
  return <CommunicationPreview draft={JSON.parse(draft) as ReturnType<typeof toPayload>} suggestedStudentId={recipients[0] ?? null} />;
}

const toolbar = (
  <Box sx={{ mt: 1 }}>
    <SaveButton data-testid="save-communication" />
  </Box>
);

/** /communications/create: POST /communications; the saved one opens in the drawer. */
export function CommunicationCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const onError = useServerRefusal();
  return (
    <CreateBase<CommunicationRecord>
      resource={COMMUNICATIONS}
      redirect={false}
      transform={(data) => toPayload(data as unknown as CommunicationFormValues) as unknown as CommunicationRecord}
      mutationOptions={{
        onSuccess: (created: CommunicationRecord) => {
          notify(t('notifications.created'), { type: 'success' });
          navigate({ pathname: `/${COMMUNICATIONS}/${created.id}`, search });
        },
        onError,
      }}
    >
      <SimpleForm record={NEW_COMMUNICATION} noValidate sx={{ p: 0 }} toolbar={toolbar}>
        <CommunicationInputs />
        <FormPreview />
      </SimpleForm>
    </CreateBase>
  );
}

/** A communication not yet sending, in its form: PUT /communications/{id}, pessimistic. */
export function CommunicationEdit({ record }: { record: CommunicationRecord }) {
  const notify = useNotify();
  const onError = useServerRefusal();
  const values = useMemo(() => toFormValues(record), [record]);
  return (
    <EditBase<CommunicationRecord>
      resource={COMMUNICATIONS}
      id={record.id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data) => toPayload(data as unknown as CommunicationFormValues) as unknown as CommunicationRecord}
      mutationOptions={{ onSuccess: () => notify(t('notifications.saved'), { type: 'success' }), onError }}
    >
      <SimpleForm record={values} noValidate sx={{ p: 0 }} toolbar={toolbar}>
        <CommunicationInputs />
        <FormPreview />
      </SimpleForm>
    </EditBase>
  );
}
