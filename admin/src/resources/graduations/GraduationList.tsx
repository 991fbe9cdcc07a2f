import { useContext, useMemo, useState, type ReactNode } from 'react';
import { Box, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Typography } from '@mui/material';
import SchoolIcon from '@mui/icons-material/School';
import {
  Button,
  DataProviderContext,
  DataTable,
  FilterLiveSearch,
  TopToolbar,
  useCanAccess,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import {
  GraduationCounts,
  GraduationStatusChip,
  GraduationStatusesInput,
  ProgramCohortInputs,
  RequirementsCell,
  scoreText,
  useProgramCohortDescriptors,
  EnrollmentAcademicsList,
} from '../../common/academicsParts';
import { GRADUATIONS, academicsApi, academicsProvider, graduatable, graduationBody, type AcademicProgressRecord } from '../../common/academicsRecord';
import { formatDateTime } from '../../common/dates';
import { ExportButton } from '../../common/downloads/ExportButton';
import { FilterChips } from '../../common/FilterChips';
import { FilterAside } from '../../common/ListFilters';
import { NoResults } from '../../common/NoResults';
import { SavedFilters } from '../../common/SavedFilters';
import { useServerRefusal } from '../../common/useServerRefusal';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useAppDataProvider } from '../../providers/useAppDataProvider';

const t = (key: string) => `resources.${GRADUATIONS}.${key}`;
const f = (key: string) => `academics.fields.${key}`;

/** The two enrollment lists' provider (common/academicsRecord.ts) for this screen and its drawer. */
function AcademicsData({ children }: { children: ReactNode }) {
  const dataProvider = useContext(DataProviderContext) as AppDataProvider | null;
  const wrapped = useMemo(() => (dataProvider ? academicsProvider(dataProvider) : null), [dataProvider]);
  if (!wrapped) return <>{children}</>;
  return <DataProviderContext.Provider value={wrapped}>{children}</DataProviderContext.Provider>;
}

/**
 * 'Graduate' on the selected (ready) enrollments: a confirmation with the 'Late graduation' choice,
 * then one POST /enrollments/graduations — all of them or none (the server's 409 says which were not ready).
 */
export function GraduateButton() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const unselectAll = useUnselectAll(GRADUATIONS);
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [open, setOpen] = useState(false);
  const [late, setLate] = useState(false);
  const [pending, setPending] = useState(false);
  async function graduate() {
    setPending(true);
    try {
      const answer = await academicsApi(dataProvider).graduate(selectedIds, late);
      notify(t('notifications.graduated'), { type: 'success', messageArgs: { smart_count: answer.graduated } });
      setOpen(false);
      setLate(false);
      unselectAll();
      await queryClient.invalidateQueries({ queryKey: [GRADUATIONS] });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      <Button label={t('actions.graduate')} onClick={() => setOpen(true)} disabled={pending || selectedIds.length === 0} data-testid="graduate">
        <SchoolIcon />
      </Button>
      <Dialog open={open} onClose={() => (pending ? undefined : setOpen(false))} aria-labelledby="graduate-title" data-testid="graduate-dialog">
        <DialogTitle id="graduate-title">{translate(t('dialog.title'), { smart_count: selectedIds.length })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate(t('dialog.text'))}
          </Typography>
          <FormControlLabel
            control={<Checkbox checked={late} onChange={(e) => setLate(e.target.checked)} inputProps={{ 'aria-label': translate(t('dialog.late')) }} data-testid="graduate-late" />}
            label={translate(t('dialog.late'))}
          />
          <FormHelperText>{translate(t('dialog.late_hint'))}</FormHelperText>
        </DialogContent>
        <DialogActions>
          <Button label={t('actions.cancel')} onClick={() => setOpen(false)} disabled={pending} />
          <Button label={t('actions.confirm')} variant="contained" onClick={() => void graduate()} disabled={pending} data-testid="graduate-confirm" />
        </DialogActions>
      </Dialog>
    </>
  );
}

function GraduationListActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="academics.filters.search" placeholder="" sx={{ minWidth: 260 }} />
      <SavedFilters kind="graduations" />
      <ExportButton kind="graduations_csv" permission="academics:read" criteriaOf={graduationBody} />
    </TopToolbar>
  );
}

function GraduationFilterAside() {
  return (
    <FilterAside title="academics.filters.title">
      <ProgramCohortInputs />
      <GraduationStatusesInput source="statuses" />
    </FilterAside>
  );
}

const statusDescriptor = { statuses: { label: 'academics.filters.statuses', kind: 'enum' as const, enumName: 'GraduationStatus' as const } };

function GraduationListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { search } = useLocation();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => academicsApi(dataProvider), [dataProvider]);
  const descriptors = useProgramCohortDescriptors(statusDescriptor);
  const { canAccess: canGraduate } = useCanAccess({ resource: GRADUATIONS, action: 'graduate' });
  return (
    <>
      <GraduationCounts queryKey={GRADUATIONS} load={api.graduationSummary} />
      <FilterChips descriptors={descriptors} />
      {canGraduate ? (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2 }} component="div">
          {translate(t('only_ready'))}
        </Typography>
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<AcademicProgressRecord>
          empty={<NoResults />}
          rowClick={(id) => `/${GRADUATIONS}/${id}${search}`}
          bulkActionButtons={canGraduate ? <GraduateButton /> : false}
          isRowSelectable={(record) => graduatable(record)}
        >
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
          <DataTable.Col source="cohortLabel" label={f('cohort')} disableSort render={(r) => r.cohortLabel ?? ''} />
          <DataTable.Col source="requirementsDone" label={f('requirements')} disableSort render={(r) => <RequirementsCell record={r as AcademicProgressRecord} />} />
          <DataTable.Col source="score" label={f('score')} disableSort render={(r) => scoreText(r.score)} />
          <DataTable.Col
            source="graduationStatus"
            label={f('graduationStatus')}
            render={(r) => <GraduationStatusChip status={r.graduationStatus} testId={`graduation-status-${r.id}`} />}
          />
          <DataTable.Col source="graduatedAt" label={f('graduatedAt')} render={(r) => (r.graduatedAt ? formatDateTime(r.graduatedAt, locale) : '')} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /graduations/:id? — choose a program and a cohort (an aside, as chips, saved filters of kind
 * `graduations`); its active enrollments with requirements met, score and graduation status in words;
 * the counts per status above; the ready ones are selected and graduated (late or not); Export
 * (graduations_csv). A row opens the enrollment's progress and transcript.
 */
export function GraduationList() {
  const translate = useTranslate();
  return (
    <AcademicsData>
      <EnrollmentAcademicsList resource={GRADUATIONS} title={translate(t('name'), { smart_count: 2 })} actions={<GraduationListActions />} aside={<GraduationFilterAside />}>
        <GraduationListBody />
      </EnrollmentAcademicsList>
    </AcademicsData>
  );
}

export default GraduationList;
