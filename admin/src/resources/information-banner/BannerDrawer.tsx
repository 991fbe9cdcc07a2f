import { useMemo, useState } from 'react';
import { ResourceDrawer } from '../../common/DrawerParts';
import { DrawerCreateForm, DrawerEditForm } from '../../common/DrawerForms';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  Button,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  required,
  useCanAccess,
  useGetOne,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatDateTime } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { InfoRow } from '../../common/InfoSection';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { BannerPreview, LevelChip, PublishedChip, t } from './BannerParts';
import { BANNERS, NEW_BANNER, bannerApi, toBannerPayload, type BannerAudienceValue, type BannerLevelValue, type BannerPayload, type BannerRecord } from './bannerRecord';

const f = (key: string) => t(`fields.${key}`);

/** A cohort choice reads by its label ('HCTP 01-15-2027 - 12-15-2027'). */
const cohortText = (cohort: { label?: string; id?: number } | undefined) => cohort?.label ?? String(cohort?.id ?? '');
const programText = (program: { name?: string; id?: number } | undefined) => program?.name ?? String(program?.id ?? '');

/** The audience's own picker: a program, cohorts, or a coaching circle's number; nothing for ALL. */
function AudienceInputs() {
  const translate = useTranslate();
  const audience = useWatch({ name: 'audience' }) as BannerAudienceValue | undefined;
  if (audience === 'PROGRAM') {
    return (
      <ReferenceInput source="programId" reference="programs" sort={{ field: 'name', order: 'ASC' }} perPage={50}>
        <AutocompleteInput label={f('programId')} optionText={programText} validate={required()} helperText={t('hints.audience_program')} fullWidth data-testid="banner-program" />
      </ReferenceInput>
    );
  }
  if (audience === 'COHORT') {
    return (
      <ReferenceArrayInput source="cohortIds" reference="cohorts" sort={{ field: 'label', order: 'ASC' }} perPage={50}>
        <AutocompleteArrayInput
          label={f('cohortIds')}
          optionText={cohortText}
          validate={required()}
          helperText={t('hints.audience_cohort')}
          fullWidth
          data-testid="banner-cohorts"
        />
      </ReferenceArrayInput>
    );
  }
  if (audience === 'COACHING_CIRCLE') {
    return (
      <>
        <NumberInput source="coachingCircleId" label={f('coachingCircleId')} validate={required()} min={1} step={1} fullWidth />
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="banner-circle-note">
          {translate(t('hints.coaching_circle'))}
        </Alert>
      </>
    );
  }
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
      {translate(t('hints.audience_all'))}
    </Typography>
  );
}

function LivePreview() {
  const translate = useTranslate();
  const [title, content, level] = useWatch({ name: ['title', 'content', 'type'] }) as [string | undefined, string | undefined, BannerLevelValue | undefined];
  if (!title && !content) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(t('messages.preview'))}
      </Typography>
      <BannerPreview title={title ?? ''} content={content ?? ''} level={level ?? 'INFO'} />
    </Box>
  );
}

/** The form body shared by the add and edit drawers. */
export function BannerInputs() {
  const levels = useEnumChoices('BannerLevel');
  const audiences = useEnumChoices('BannerAudience');
  return (
    <Box sx={{ width: '100%' }}>
      <TextInput source="title" label={f('title')} validate={required()} fullWidth />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <SelectInput source="type" label={f('type')} choices={levels} validate={required()} fullWidth data-testid="banner-level" />
        <SelectInput source="audience" label={f('audience')} choices={audiences} validate={required()} fullWidth data-testid="banner-audience" />
      </Box>
      <AudienceInputs />
      <TextInput
        source="content"
        label={f('content')}
        validate={required()}
        multiline
        minRows={5}
        fullWidth
        helperText={t('hints.content')}
        sx={{ '& textarea': { fontFamily: 'monospace' } }}
      />
      <LivePreview />
    </Box>
  );
}

const transform = (data: unknown) => toBannerPayload(data as BannerPayload);

const formValues = (record: BannerRecord): Partial<BannerPayload> & { id: BannerRecord['id'] } => ({ id: record.id, ...toBannerPayload(record) });

export function BannerEdit({ record }: { record: BannerRecord }) {
  const values = useMemo(() => formValues(record), [record]);
  return (
    <DrawerEditForm<BannerRecord> resource={BANNERS} record={record} values={values} transform={transform} done={t('notifications.saved')}>
      <BannerInputs />
    </DrawerEditForm>
  );
}

/** POST /information_banner; on success the drawer moves to the new (unpublished) banner. */
export function BannerCreate() {
  return (
    <DrawerCreateForm<BannerRecord> resource={BANNERS} defaultValues={NEW_BANNER} transform={transform} done={t('notifications.created')}>
      <BannerInputs />
    </DrawerCreateForm>
  );
}

/** Publish or unpublish (banners:publish): PATCH /information_banner/{id}/publish?publish=. */
export function BannerPublishButton({ record }: { record: BannerRecord }) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess = false } = useCanAccess({ resource: BANNERS, action: 'publish' });
  const [pending, setPending] = useState(false);
  if (!canAccess) return null;
  const publish = !record.published;
  return (
    <Button
      label={t(publish ? 'actions.publish' : 'actions.unpublish')}
      variant="outlined"
      size="small"
      disabled={pending}
      data-testid={publish ? 'publish-banner' : 'unpublish-banner'}
      onClick={async () => {
        setPending(true);
        try {
          await bannerApi(dataProvider).publish(record.id, publish);
          notify(t(publish ? 'notifications.published' : 'notifications.unpublished'), { type: 'success' });
          refresh();
        } catch (error) {
          refused(error);
        } finally {
          setPending(false);
        }
      }}
    >
      {publish ? <PublishIcon /> : <UnpublishedIcon />}
    </Button>
  );
}

/** The banner for staff who may read but not change it. */
function BannerView({ record }: { record: BannerRecord }) {
  const translate = useTranslate();
  const { data: program } = useGetOne('programs', { id: record.programId ?? '' }, { enabled: Boolean(record.programId) });
  return (
    <Box data-testid="banner-view">
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
        {translate(t('messages.read_only'))}
      </Alert>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0, mb: 2 }}>
        <InfoRow label={f('audience')}>{translate(`enums.BannerAudience.${record.audience}`, { _: record.audience })}</InfoRow>
        {record.programId ? <InfoRow label={f('programId')}>{program?.name ?? `#${record.programId}`}</InfoRow> : null}
        {record.cohortIds.length ? <InfoRow label={f('cohortIds')}>{record.cohortIds.map((id) => `#${id}`).join(', ')}</InfoRow> : null}
        {record.coachingCircleId ? <InfoRow label={f('coachingCircleId')}>{record.coachingCircleId}</InfoRow> : null}
      </Box>
      <BannerPreview title={record.title} content={record.content} level={record.type} />
    </Box>
  );
}

export function BannerDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: record, isPending } = useGetOne<BannerRecord>(BANNERS, { id });
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({ resource: BANNERS, action: 'edit' });
  if (isPending || checking || !record) return <LinearProgress />;
  return (
    <ResourceContextProvider value={BANNERS}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }} data-testid="banner-state">
        <PublishedChip published={record.published} testId="banner-published" />
        <LevelChip level={record.type} />
        {record.published && record.publishedAt ? (
          <Typography variant="body2" color="text.secondary">
            {translate(f('publishedAt'))}: {formatDateTime(record.publishedAt, locale)}
          </Typography>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <BannerPublishButton record={record} />
      </Stack>
      {canEdit ? <BannerEdit record={record} /> : <BannerView record={record} />}
    </ResourceContextProvider>
  );
}

/** The drawer over the list on /information-banner/:id (`create` included), with 'Copy direct link'. */
export function BannerDrawer() {
  return (
    <ResourceDrawer<BannerRecord>
      resource={BANNERS}
      newTitle={t('messages.new_title')}
      readOnly={t('messages.read_only')}
      label={(record) => record.title}
      create={<BannerCreate />}
      detail={(id) => <BannerDetail key={id} id={id} />}
    />
  );
}
