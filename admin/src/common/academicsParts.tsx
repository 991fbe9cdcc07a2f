import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { Alert, Box, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useQuery } from '@tanstack/react-query';
import { Button, List, SelectArrayInput, SelectInput, useGetList, useGetOne, useListContext, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { splitFilter } from '../providers/dataProvider';
import { filterInputProps } from './billingShared';
import { formatDate, formatDateTime } from './dates';
import { useEnumChoices } from './enums';
import type { FilterDescriptors } from './FilterChips';
import { InfoRow, InfoSection } from './InfoSection';
import { RecordDrawer } from './RecordDrawer';
import { saveFile } from './saveFile';
import { useServerRefusal } from './useServerRefusal';
import { academicsApi, graduationStatusColor, transcriptFileName, type AcademicProgressRecord, type GraduationStatusValue } from './academicsRecord';
import type { SummaryAnswer } from './SummaryBar';

/** The academics screens' shared parts (texts under `academics.*`, common/academicsI18n.ts). */
const a = (key: string) => `academics.${key}`;

export type Choice = { id: number; name: string };

/** A graduation status as a coloured chip, in words (never the raw value). */
export function GraduationStatusChip({ status, testId }: { status: GraduationStatusValue | null | undefined; testId?: string }) {
  const translate = useTranslate();
  if (!status) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={graduationStatusColor[status] ?? 'default'}
      label={translate(`enums.GraduationStatus.${status}`, { _: status })}
      data-testid={testId}
    />
  );
}

/** Programs by name (GET /programs, not deleted first). */
export function useProgramChoices(): Choice[] {
  const { data = [] } = useGetList('programs', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } }, { staleTime: 60_000 });
  return useMemo(() => data.map((p) => ({ id: Number(p.id), name: String(p.name ?? `#${p.id}`) })), [data]);
}

/** The chosen program's cohorts, newest first, by their label (none until a program is chosen). */
export function useProgramCohortChoices(programId: unknown): Choice[] {
  const chosen = programId !== undefined && programId !== null && programId !== '';
  const { data = [] } = useGetList(
    'cohorts',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'DESC' }, filter: { programIds: [Number(programId)] } },
    { staleTime: 60_000, enabled: chosen },
  );
  return useMemo(() => (chosen ? data.map((c) => ({ id: Number(c.id), name: String(c.label ?? c.id) })) : []), [chosen, data]);
}

/** The program and cohort inputs of a list's filter panel (the cohort's choices are the program's). */
export function ProgramCohortInputs() {
  const { filterValues } = useListContext();
  const programs = useProgramChoices();
  const cohorts = useProgramCohortChoices(filterValues?.programId);
  return (
    <>
      <SelectInput source="programId" label={a('filters.program')} choices={programs} emptyText={a('filters.any')} {...filterInputProps} />
      <SelectInput source="cohortId" label={a('filters.cohort')} choices={cohorts} emptyText={a('filters.any')} disabled={cohorts.length === 0} {...filterInputProps} />
    </>
  );
}

/** Graduation statuses to filter by, in words. */
export function GraduationStatusesInput({ source }: { source: string }) {
  const statuses = useEnumChoices('GraduationStatus');
  return <SelectArrayInput source={source} label={a('filters.statuses')} choices={statuses} {...filterInputProps} />;
}

/** The filter chips' descriptors of program and cohort (their names), plus the lists' own. */
export function useProgramCohortDescriptors(extra: FilterDescriptors = {}): FilterDescriptors {
  const { filterValues } = useListContext();
  const programs = useProgramChoices();
  const cohorts = useProgramCohortChoices(filterValues?.programId);
  return useMemo(
    () => ({
      programId: { label: a('filters.program'), kind: 'lookup', labels: Object.fromEntries(programs.map((p) => [String(p.id), p.name])) },
      cohortId: { label: a('filters.cohort'), kind: 'lookup', labels: Object.fromEntries(cohorts.map((c) => [String(c.id), c.name])) },
      ...extra,
    }),
    [programs, cohorts, extra],
  );
}

/**
 * The counts above an enrollment list: how many match the program, cohort and search, and how many per
 * graduation status (POST …/summary with the list's criteria and keyword), read again as they change.
 */
export function GraduationCounts({ queryKey, load }: { queryKey: string; load: (criteria: Record<string, unknown>, keyword?: string) => Promise<SummaryAnswer> }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { keyword, criteria } = splitFilter(filterValues);
  const { data } = useQuery({ queryKey: [queryKey, 'summary', criteria, keyword ?? null], queryFn: () => load(criteria, keyword) });
  if (!data) return null;
  return (
    <Box sx={{ px: 2, pt: 1.5, pb: 0.5 }} data-testid="list-summary">
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
        <Typography variant="subtitle2" data-testid="summary-total">
          {`${translate(a('summary.total'))}: ${data.total}`}
        </Typography>
        {data.statuses.map((s) => (
          <Chip
            key={s.status}
            size="small"
            variant="outlined"
            color={graduationStatusColor[s.status as GraduationStatusValue] ?? 'default'}
            label={`${translate(`enums.GraduationStatus.${s.status}`, { _: s.status })}: ${s.count}`}
            data-testid={`summary-status-${s.status}`}
          />
        ))}
      </Stack>
    </Box>
  );
}

/** "Choose a program and a cohort" until both are chosen (the lists are empty until then). */
export function ChooseCohortHint() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  if (filterValues?.cohortId) return null;
  return (
    <Alert severity="info" sx={{ mx: 2, mt: 1 }} data-testid="choose-cohort">
      {translate(a('choose_cohort'))}
    </Alert>
  );
}

/** Requirements met of total, e.g. "3 / 5". */
export function RequirementsCell({ record }: { record: Pick<AcademicProgressRecord, 'requirementsDone' | 'requirementsTotal' | 'id'> }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid={`requirements-${record.id}`}>
      {`${record.requirementsDone} / ${record.requirementsTotal}`}
    </Box>
  );
}

/** A score (a percentage with up to two decimals), blank when none was recorded. */
export const scoreText = (score: number | null | undefined) => (score === null || score === undefined ? '' : `${Math.round(score * 100) / 100}%`);

/** The enrollment's unofficial transcript (GET /enrollments/{id}/unofficial_transcript), saved as a PDF. */
export function TranscriptButton({ record, label = a('transcript') }: { record: Pick<AcademicProgressRecord, 'enrollmentId' | 'student'>; label?: string }) {
  const dataProvider = useAppDataProvider();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      saveFile(await academicsApi(dataProvider).transcript(record.enrollmentId), transcriptFileName(record));
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button
      label={label}
      disabled={pending}
      onClick={(event) => {
        event.stopPropagation();
        void download();
      }}
      data-testid={`transcript-${record.enrollmentId}`}
    >
      <PictureAsPdfIcon />
    </Button>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return <InfoRow label={label}>{children}</InfoRow>;
}

/**
 * One enrollment's academic progress (the drawer of /graduations/{id} and /academic-progress/{id}):
 * the student, class and graduation status, then each requirement with done of total, score, whether
 * it is met, its source and when it was recorded; and the unofficial transcript.
 */
export function AcademicProgressDetail({ resource, id }: { resource: string; id: Identifier }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: record, isPending } = useGetOne<AcademicProgressRecord>(resource, { id });
  if (isPending) return <LinearProgress />;
  if (!record) return null;
  const name = [record.student?.firstName, record.student?.lastName].filter(Boolean).join(' ');
  return (
    <Box data-testid="academic-progress-detail">
      <InfoSection title={a('detail.enrollment')}>
        <Row label={a('fields.student')}>{name ? `${name} · ${record.student?.email ?? ''}` : ''}</Row>
        <Row label={a('fields.program')}>{record.programName ?? ''}</Row>
        <Row label={a('fields.cohort')}>{record.cohortLabel ?? ''}</Row>
        <Row label={a('fields.enrollmentStatus')}>{translate(`enums.EnrollmentStatus.${record.enrollmentStatus}`, { _: record.enrollmentStatus })}</Row>
        <Row label={a('fields.cohortEndDate')}>{formatDate(record.cohortEndDate)}</Row>
        <Row label={a('fields.extendedGraduationDate')}>{formatDate(record.extendedGraduationDate)}</Row>
        <Row label={a('fields.graduationStatus')}>
          <GraduationStatusChip status={record.graduationStatus} testId="detail-graduation-status" />
        </Row>
        <Row label={a('fields.graduatedAt')}>
          {record.graduatedAt ? `${formatDateTime(record.graduatedAt, locale)}${record.graduatedByName ? ` · ${record.graduatedByName}` : ''}` : ''}
        </Row>
        <Row label={a('fields.requirements')}>{`${record.requirementsDone} / ${record.requirementsTotal}`}</Row>
        <Row label={a('fields.score')}>{scoreText(record.score)}</Row>
        <Row label={a('fields.certificate')}>{record.certificate ? translate(`enums.CertificateStatus.${record.certificate.status}`, { _: record.certificate.status }) : ''}</Row>
      </InfoSection>
      <Box sx={{ mb: 1 }}>
        <TranscriptButton record={record} />
      </Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate(a('detail.requirements'))}
      </Typography>
      {record.requirements.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="no-requirements">
          {translate(a('detail.no_requirements'))}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="requirements-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate(a('detail.requirement'))}</TableCell>
                <TableCell>{translate(a('detail.type'))}</TableCell>
                <TableCell align="right">{translate(a('detail.done'))}</TableCell>
                <TableCell align="right">{translate(a('fields.score'))}</TableCell>
                <TableCell>{translate(a('detail.met'))}</TableCell>
                <TableCell>{translate(a('detail.source'))}</TableCell>
                <TableCell>{translate(a('detail.recorded'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {record.requirements.map((r) => (
                <TableRow key={r.id} data-testid={`requirement-${r.id}`}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{translate(`enums.GraduationRequirementType.${r.type}`, { _: r.type })}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{`${r.done} / ${r.total}`}</TableCell>
                  <TableCell align="right">{scoreText(r.score)}</TableCell>
                  <TableCell>{translate(a(r.met ? 'detail.yes' : 'detail.no'))}</TableCell>
                  <TableCell>{r.source ? translate(`enums.ProgressSource.${r.source}`, { _: r.source }) : ''}</TableCell>
                  <TableCell>{r.updatedAt ? formatDateTime(r.updatedAt, locale) : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/**
 * An academics list of enrollments (/graduations, /academic-progress): 25 a page by id, its actions and
 * program-and-cohort aside, and a row opening the enrollment's progress per requirement in a drawer.
 */
export function EnrollmentAcademicsList({
  resource,
  title,
  actions,
  aside,
  children,
}: {
  resource: string;
  title: string;
  actions: ReactElement;
  aside: ReactElement;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={resource}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={25}
        actions={actions}
        aside={aside}
        empty={false}
        exporter={false}
        title={title}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        {children}
      </List>
      <RecordDrawer basePath={`/${resource}`} title={(id) => translate('academics.detail.title', { id })}>
        {(id) => <AcademicProgressDetail key={id} resource={resource} id={id} />}
      </RecordDrawer>
    </Box>
  );
}
