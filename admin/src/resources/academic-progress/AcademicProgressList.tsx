import { useContext, useMemo, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { DataProviderContext, DataTable, FilterLiveSearch, SelectArrayInput, TopToolbar, useTranslate, type TranslateFunction } from 'react-admin';
import { useLocation } from 'react-router-dom';
import {
  ChooseCohortHint,
  GraduationCounts,
  GraduationStatusChip,
  GraduationStatusesInput,
  ProgramCohortInputs,
  RequirementsCell,
  TranscriptButton,
  scoreText,
  useProgramCohortDescriptors,
  EnrollmentAcademicsList,
} from '../../common/academicsParts';
import { ACADEMIC_PROGRESS, academicProgressBody, academicsApi, academicsProvider, type AcademicProgressRecord } from '../../common/academicsRecord';
import { filterInputProps } from '../../common/billingShared';
import { ExportButton } from '../../common/downloads/ExportButton';
import { useEnumChoices } from '../../common/enums';
import { FilterChips, type FilterDescriptors } from '../../common/FilterChips';
import { FilterAside } from '../../common/ListFilters';
import { NoResults } from '../../common/NoResults';
import { SavedFilters } from '../../common/SavedFilters';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useAppDataProvider } from '../../providers/useAppDataProvider';

const t = (key: string) => `resources.${ACADEMIC_PROGRESS}.${key}`;
const f = (key: string) => `academics.fields.${key}`;

function AcademicsData({ children }: { children: ReactNode }) {
  const dataProvider = useContext(DataProviderContext) as AppDataProvider | null;
  const wrapped = useMemo(() => (dataProvider ? academicsProvider(dataProvider) : null), [dataProvider]);
  if (!wrapped) return <>{children}</>;
  return <DataProviderContext.Provider value={wrapped}>{children}</DataProviderContext.Provider>;
}

function ProgressListActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="academics.filters.search" placeholder="" sx={{ minWidth: 260 }} />
      <SavedFilters kind="academic_progress" />
      <ExportButton kind="academic_progress_csv" permission="academics:read" criteriaOf={academicProgressBody} />
    </TopToolbar>
  );
}

function ProgressFilterAside() {
  const enrollmentStatuses = useEnumChoices('EnrollmentStatus');
  return (
    <FilterAside title="academics.filters.title">
      <ProgramCohortInputs />
      <GraduationStatusesInput source="criteria.graduationStatuses" />
      <SelectArrayInput source="criteria.enrollmentStatuses" label={t('filters.enrollmentStatuses')} choices={enrollmentStatuses} {...filterInputProps} />
    </FilterAside>
  );
}

/** The nested `criteria` (graduation and enrollment statuses) as one chip, in words. */
function criteriaText(value: unknown, translate: TranslateFunction): string {
  const c = (value ?? {}) as { graduationStatuses?: string[]; enrollmentStatuses?: string[] };
  return [
    ...(c.graduationStatuses ?? []).map((s) => translate(`enums.GraduationStatus.${s}`, { _: s })),
    ...(c.enrollmentStatuses ?? []).map((s) => translate(`enums.EnrollmentStatus.${s}`, { _: s })),
  ].join(', ');
}

const criteriaDescriptor: FilterDescriptors = { criteria: { label: 'academics.filters.statuses', kind: 'text', format: criteriaText } };

function ProgressListBody() {
  const { search } = useLocation();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => academicsApi(dataProvider), [dataProvider]);
  const descriptors = useProgramCohortDescriptors(criteriaDescriptor);
  return (
    <>
      <ChooseCohortHint />
      <GraduationCounts queryKey={ACADEMIC_PROGRESS} load={api.progressSummary} />
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<AcademicProgressRecord> empty={<NoResults />} rowClick={(id) => `/${ACADEMIC_PROGRESS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col
            source="student"
            label={f('student')}
            disableSort
            render={(r) => (
              <Box sx={{ minWidth: 140 }}>
                <Typography variant="body2">{[r.student?.firstName, r.student?.lastName].filter(Boolean).join(' ')}</Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {r.student?.email ?? ''}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col source="requirementsDone" label={f('requirements')} disableSort render={(r) => <RequirementsCell record={r as AcademicProgressRecord} />} />
          <DataTable.Col source="score" label={f('score')} disableSort render={(r) => scoreText(r.score)} />
          <DataTable.Col
            source="graduationStatus"
            label={f('graduationStatus')}
            render={(r) => <GraduationStatusChip status={r.graduationStatus} testId={`graduation-status-${r.id}`} />}
          />
          <DataTable.Col source="transcript" label="academics.transcript" disableSort render={(r) => <TranscriptButton record={r as AcademicProgressRecord} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /academic-progress/:id? — choose a program and a cohort (nothing is listed before a cohort is
 * chosen); per student the requirements met of total, the mean score and the graduation status in
 * words, the transcript PDF; counts per status above; saved filters (academic_progress) and Export
 * (academic_progress_csv). A row opens the enrollment's progress per requirement.
 */
export function AcademicProgressList() {
  const translate = useTranslate();
  return (
    <AcademicsData>
      <EnrollmentAcademicsList resource={ACADEMIC_PROGRESS} title={translate(t('name'), { smart_count: 2 })} actions={<ProgressListActions />} aside={<ProgressFilterAside />}>
        <ProgressListBody />
      </EnrollmentAcademicsList>
    </AcademicsData>
  );
}

export default AcademicProgressList;
