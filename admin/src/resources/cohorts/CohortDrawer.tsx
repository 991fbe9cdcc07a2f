import { useState } from 'react';
import { Alert, Box, LinearProgress, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, useCanAccess, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatDateTime } from '../../common/dates';
import { RecordDrawer } from '../../common/RecordDrawer';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { CohortActions } from './CohortActions';
import { CohortCoachingCircles } from './CohortCoachingCircles';
import { CohortCreate } from './CohortCreate';
import { LastChanged } from '../../common/LastChanged';
import { CohortEdit } from './CohortEdit';
import { COHORTS, type CohortRecord } from './cohortRecord';
import { CohortStateChips } from './CohortStatusChips';

const f = (key: string) => `resources.cohorts.fields.${key}`;

/** The cohort for staff who may read but not change it, and for an archived cohort. */
export function CohortView({ record }: { record: CohortRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box data-testid="cohort-view">
      <InfoSection title="resources.cohorts.sections.cohort">
        <InfoRow label={f('label')}>{record.label}</InfoRow>
        <InfoRow label={f('program')}>{record.program?.name}</InfoRow>
        <InfoRow label={f('businessCategory')}>
          {record.businessCategory ? translate(`enums.BusinessCategoryName.${record.businessCategory.name}`, { _: record.businessCategory.name }) : ''}
        </InfoRow>
        <InfoRow label={f('customName')}>{record.customName}</InfoRow>
      </InfoSection>
      <InfoSection title="resources.cohorts.sections.dates">
        <InfoRow label={f('startDate')}>{formatDate(record.startDate)}</InfoRow>
        <InfoRow label={f('endDate')}>{formatDate(record.endDate)}</InfoRow>
        <InfoRow label={f('extendedGraduationDate')}>{formatDate(record.extendedGraduationDate)}</InfoRow>
        <InfoRow label={f('courseAccessStartDateTime')}>{formatDateTime(record.courseAccessStartDateTime, locale)}</InfoRow>
        <InfoRow label={f('courseAccessEndDateTime')}>{formatDateTime(record.courseAccessEndDateTime, locale)}</InfoRow>
      </InfoSection>
      <InfoSection title="resources.cohorts.sections.class">
        <InfoRow label={f('maxStudents')}>{record.maxStudents ?? ''}</InfoRow>
        <InfoRow label={f('description')}>{record.description}</InfoRow>
        <InfoRow label={f('productIds')}>{record.productIds.length ? record.productIds.join(', ') : ''}</InfoRow>
      </InfoSection>
      <InfoSection title="resources.cohorts.sections.lms">
        <InfoRow label={f('d2lSectionId')}>{record.d2lSectionId}</InfoRow>
        <InfoRow label={f('iinLmsCoursePath')}>{record.iinLmsCoursePath}</InfoRow>
        <InfoRow label={f('salesforceProductId')}>{record.salesforceProductId}</InfoRow>
        <InfoRow label={f('learningPlanIds')}>{record.doceboConfig.learningPlanIds.join(', ')}</InfoRow>
        <InfoRow label={f('courseIds')}>{record.doceboConfig.courseIds.join(', ')}</InfoRow>
      </InfoSection>
    </Box>
  );
}

/**
 * One cohort in the drawer: its state, its actions, and two tabs — the cohort (the form for
 * cohorts:update, read-only otherwise and while archived) and its coaching circles (switches,
 * sign-up windows, skipped dates).
 */
export function CohortDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'cohort' | 'circles'>('cohort');
  const { data: record, error, isPending } = useGetOne<CohortRecord>(COHORTS, { id });
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({ resource: COHORTS, action: 'edit' });
  if (isPending || checking) return <LinearProgress />;
  if (error || !record) {
    const message = (error as Error | null)?.message;
    return (
      <Alert severity="error" data-testid="cohort-load-error">
        {translate('resources.cohorts.messages.not_found')}
        {message ? ` ${translate(message, { _: message })}` : ''}
      </Alert>
    );
  }
  return (
    <ResourceContextProvider value={COHORTS}>
      <CohortStateChips record={record} />
      <CohortActions record={record} />
      {record.deleted ? (
        <Alert severity="warning" variant="outlined" sx={{ mb: 2 }} data-testid="cohort-archived">
          {translate('resources.cohorts.messages.archived')}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="cohort" label={translate('resources.cohorts.tabs.cohort')} data-testid="tab-cohort" />
        <Tab value="circles" label={translate('resources.cohorts.tabs.circles')} data-testid="tab-circles" />
      </Tabs>
      {tab === 'cohort' ? (
        canEdit && !record.deleted ? (
          <CohortEdit key={record.updatedAt} record={record} />
        ) : (
          <>
            {!canEdit ? (
              <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
                {translate('resources.cohorts.messages.read_only')}
              </Alert>
            ) : null}
            <CohortView record={record} />
          </>
        )
      ) : (
        <CohortCoachingCircles record={record} canEdit={canEdit} />
      )}
      <LastChanged record={record} />
    </ResourceContextProvider>
  );
}

function CohortDrawerTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const isCreate = id === 'create';
  const { data } = useGetOne<CohortRecord>(COHORTS, { id }, { enabled: !isCreate });
  if (isCreate) return <>{translate('resources.cohorts.titles.new_cohort')}</>;
  return <span data-testid="drawer-title">{data?.label ?? ''}</span>;
}

/** The drawer over the list on /cohorts/:id (`create` included), with 'Copy direct link'. */
export function CohortDrawer() {
  return (
    <RecordDrawer basePath={`/${COHORTS}`} title={(id) => <CohortDrawerTitle id={id} />}>
      {(id) =>
        id === 'create' ? (
          <ResourceContextProvider value={COHORTS}>
            <CohortCreate />
          </ResourceContextProvider>
        ) : (
          <CohortDetail key={id} id={id} />
        )
      }
    </RecordDrawer>
  );
}
