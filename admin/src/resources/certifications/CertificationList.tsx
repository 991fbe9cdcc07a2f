import { useState } from 'react';
import { Box, Button as MuiButton, Chip, Stack, Tooltip, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, DataTable, FilterLiveSearch, List, SelectArrayInput, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { ProgramCohortInputs, useProgramCohortDescriptors } from '../../common/academicsParts';
import { CERTIFICATIONS, academicsApi, certificateStatusColor, type CertificateRecord } from '../../common/academicsRecord';
import { filterInputProps } from '../../common/billingShared';
import { formatDateTime } from '../../common/dates';
import { ExportButton } from '../../common/downloads/ExportButton';
import { useEnumChoices } from '../../common/enums';
import { FilterChips, type FilterDescriptors } from '../../common/FilterChips';
import { FilterAside } from '../../common/ListFilters';
import { NoResults } from '../../common/NoResults';
import { SavedFilters } from '../../common/SavedFilters';
import { saveFile } from '../../common/saveFile';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';

const t = (key: string) => `resources.${CERTIFICATIONS}.${key}`;
const f = (key: string) => t(`fields.${key}`);

/** The file name a certificate is saved under. */
export const certificateFileName = (record: Pick<CertificateRecord, 'id' | 'student'>) =>
  `certificate-${[record.student?.lastName, record.student?.firstName].filter(Boolean).join('-') || 'student'}-${record.id}.pdf`.replace(/\s+/g, '-');

/**
 * The certificate's file: the PDF (GET /certifications/{id}/download) when the institute keeps it, the
 * credential's page when Accredible does, nothing before it is issued.
 */
export function CertificateDownload({ record }: { record: CertificateRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [pending, setPending] = useState(false);
  if (record.status !== 'ISSUED') return null;
  if (!record.hasFile && record.url)
    return (
      <MuiButton size="small" startIcon={<OpenInNewIcon />} href={record.url} target="_blank" rel="noopener noreferrer" data-testid={`certificate-open-${record.id}`}>
        {translate(t('actions.open'))}
      </MuiButton>
    );
  if (!record.hasFile) return null;
  async function download() {
    setPending(true);
    try {
      saveFile(await academicsApi(dataProvider).certificateFile(record.id), certificateFileName(record));
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button label={t('actions.download')} disabled={pending} onClick={() => void download()} data-testid={`certificate-download-${record.id}`}>
      <DownloadIcon />
    </Button>
  );
}

function CertificateStatusChip({ record }: { record: CertificateRecord }) {
  const translate = useTranslate();
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={certificateStatusColor[record.status] ?? 'default'}
      label={translate(`enums.CertificateStatus.${record.status}`, { _: record.status })}
      data-testid={`certificate-status-${record.id}`}
    />
  );
  if (record.status !== 'FAILED' || !record.lastError) return chip;
  return <Tooltip title={translate(t('failed_hint'), { smart_count: record.attempts, error: record.lastError })}>{chip}</Tooltip>;
}

function CertificationActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="academics.filters.search" placeholder="" sx={{ minWidth: 260 }} />
      <SavedFilters kind="certifications" />
      <ExportButton kind="certifications_csv" permission="academics:read" />
    </TopToolbar>
  );
}

function CertificationFilterAside() {
  const statuses = useEnumChoices('CertificateStatus');
  return (
    <FilterAside title="academics.filters.title">
      <ProgramCohortInputs />
      <SelectArrayInput source="statuses" label="academics.filters.certificateStatuses" choices={statuses} {...filterInputProps} />
    </FilterAside>
  );
}

const statusDescriptor: FilterDescriptors = { statuses: { label: 'academics.filters.certificateStatuses', kind: 'enum', enumName: 'CertificateStatus' } };

function CertificationRows() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const descriptors = useProgramCohortDescriptors(statusDescriptor);
  return (
    <>
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<CertificateRecord> empty={<NoResults />} rowClick={false} bulkActionButtons={false}>
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
          <DataTable.Col
            source="programName"
            label={f('program')}
            disableSort
            render={(r) => (
              <Box sx={{ minWidth: 140 }}>
                <Typography variant="body2">{r.programName ?? ''}</Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {r.cohortLabel ?? ''}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col source="name" label={f('name')} disableSort />
          <DataTable.Col
            source="types"
            label={f('types')}
            disableSort
            render={(r) => (
              <Stack direction="row" spacing={0.5} data-testid={`certificate-types-${r.id}`}>
                {(r as CertificateRecord).types.map((type) => (
                  <Chip key={type} size="small" label={translate(`enums.AwardType.${type}`, { _: type })} />
                ))}
              </Stack>
            )}
          />
          <DataTable.Col
            source="provider"
            label={f('provider')}
            disableSort
            render={(r) => (r.provider ? translate(`enums.CertificateProviderName.${r.provider}`, { _: r.provider }) : '')}
          />
          <DataTable.Col source="status" label={f('status')} render={(r) => <CertificateStatusChip record={r as CertificateRecord} />} />
          <DataTable.Col source="issuedAt" label={f('issuedAt')} render={(r) => (r.issuedAt ? formatDateTime(r.issuedAt, locale) : '')} />
          <DataTable.Col source="download" label={t('actions.download')} disableSort render={(r) => <CertificateDownload record={r as CertificateRecord} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /certifications — the certificates graduations issued: student, program and class, certificate,
 * type (certificate, badge), who issued it, status and when; the PDF download (or Accredible's
 * credential); program, cohort and status as filters and chips, saved filters, Export. Newest first.
 */
export function CertificationList() {
  const translate = useTranslate();
  return (
    <List
      resource={CERTIFICATIONS}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      actions={<CertificationActions />}
      aside={<CertificationFilterAside />}
      empty={false}
      exporter={false}
      title={translate(t('name'), { smart_count: 2 })}
      sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
    >
      <CertificationRows />
    </List>
  );
}

export default CertificationList;
