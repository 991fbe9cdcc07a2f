import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../common/dates';
import { countryName } from '../../common/ListFilters';
import { SessionStatusChip } from '../../common/SessionStatusChip';
import type { ApiErrorBody } from '../../providers/http';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import type { LearnerResource, StudentRecord } from './studentRecord';
import { InfoSection, InfoRow } from '../../common/InfoSection';
import { useActorName } from '../../common/actorName';
import { StudentLearningSystem } from './StudentLearningSystem';
// Shared with other resources: admin/src/common.
export { InfoSection, InfoRow };

function YesNo({ value }: { value: boolean | null | undefined }) {
  const translate = useTranslate();
  if (value === null || value === undefined) return null;
  return <Chip size="small" variant="outlined" color={value ? 'success' : 'default'} label={translate(value ? 'app.yes' : 'app.no')} />;
}

/** The address as it is written on an envelope: street lines, `City, ST 12345`, country. */
export function addressLines(address: StudentRecord['address'] | undefined, locale: string): string[] {
  if (!address) return [];
  const cityLine = [[address.city, address.stateCode].filter(Boolean).join(', '), address.zip].filter(Boolean).join(' ');
  const country = address.countryCode ? (countryName(address.countryCode, locale) ?? address.countryCode) : '';
  return [address.street1, address.street2, cityLine, country].filter((line): line is string => Boolean(line));
}

function SessionStatus({ id }: { id: StudentRecord['id'] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const { data } = useQuery({ queryKey: ['students', 'session', String(id)], queryFn: () => dataProvider.studentSession(id) });
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <SessionStatusChip status={data?.status} />
      {data?.lastActivityAt ? (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.students.session.last_activity', { date: formatDateTime(data.lastActivityAt, locale) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

function ToggleActiveButton({ record }: { record: StudentRecord }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const updated = (await dataProvider.toggleActive('students', record.id)) as StudentRecord;
      notify(updated.active ? 'resources.students.messages.activated' : 'resources.students.messages.deactivated', { type: 'success' });
      refresh();
    } catch (error) {
      const body = (error as { body?: ApiErrorBody }).body;
      notify(body?.message ?? (error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      color={record.active ? 'warning' : 'success'}
      startIcon={<PowerSettingsNewIcon />}
      disabled={busy}
      onClick={toggle}
      data-testid="toggle-active"
    >
      {translate(record.active ? 'resources.students.actions.deactivate' : 'resources.students.actions.activate')}
    </Button>
  );
}

export interface StudentOverviewProps {
  resource: LearnerResource;
  record: StudentRecord;
  /**
   * Opens the profile tab in edit mode (spec: entering profile edit mode switches to the profile
   * tab). Absent when the user may not edit: the edit and activate actions are then not offered.
   */
  onEditProfile?: () => void;
}

export function StudentOverview({ resource, record, onEditProfile }: StudentOverviewProps) {
  const translate = useTranslate();
  const actorName = useActorName();
  const [locale] = useLocaleState();
  const t = (key: string) => `resources.${resource}.${key}`;
  const lines = addressLines(record.address, locale);
  const language = record.languageIso2LetterCode ? translate(`enums.Language.${record.languageIso2LetterCode}`, { _: record.languageIso2LetterCode }) : '';

  return (
    <Box data-testid="student-overview">
      {record.archived ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            record.mergedIntoId ? (
              <Button component={Link} to={`/${resource}/${record.mergedIntoId}`} size="small">
                {translate(t('actions.open_merged_into'), { id: record.mergedIntoId })}
              </Button>
            ) : undefined
          }
        >
          {record.mergedIntoId ? translate(t('messages.merged_into'), { id: record.mergedIntoId }) : translate(t('messages.archived'))}
        </Alert>
      ) : null}

      <Stack direction="row" spacing={1} sx={{ mb: 2 }} flexWrap="wrap" useFlexGap>
        {onEditProfile ? (
          <Button size="small" variant="contained" startIcon={<EditIcon />} onClick={onEditProfile} data-testid="edit-profile">
            {translate(t('actions.edit_profile'))}
          </Button>
        ) : null}
        {onEditProfile && resource === 'students' && !record.archived ? <ToggleActiveButton record={record} /> : null}
        {resource === 'customers' && record.isStudent ? (
          <Button size="small" component={Link} to={`/students/${record.id}`}>
            {translate(t('actions.open_student'))}
          </Button>
        ) : null}
      </Stack>

      <InfoSection title={t('sections.contact')}>
        <InfoRow label={t('fields.user.email')} testId="overview-email">
          {record.user?.email}
        </InfoRow>
        <InfoRow label={t('fields.contactInfo.mobilePhone')}>{record.contactInfo?.mobilePhone}</InfoRow>
        <InfoRow label={t('fields.contactInfo.homePhone')}>{record.contactInfo?.homePhone}</InfoRow>
        <InfoRow label={t('fields.contactInfo.workPhone')}>{record.contactInfo?.workPhone}</InfoRow>
      </InfoSection>

      <InfoSection title={t('sections.address')}>
        <InfoRow label={t('sections.address')} testId="overview-address">
          {lines.length
            ? lines.map((line) => (
                <span key={line} style={{ display: 'block' }}>
                  {line}
                </span>
              ))
            : null}
        </InfoRow>
      </InfoSection>

      <InfoSection title={t('sections.preferences')}>
        <InfoRow label={t('fields.languageIso2LetterCode')}>{language}</InfoRow>
        <InfoRow label={t('fields.timeZone')}>{record.timeZone}</InfoRow>
      </InfoSection>

      <InfoSection title={t('sections.account')}>
        {resource === 'students' ? (
          <InfoRow label={t('session.label')}>
            <SessionStatus id={record.id} />
          </InfoRow>
        ) : null}
        <InfoRow label={t('fields.active')} testId="overview-active">
          <YesNo value={record.active} />
        </InfoRow>
        <InfoRow label={t('fields.isStudent')}>
          <YesNo value={record.isStudent} />
        </InfoRow>
        <InfoRow label={t('fields.autoPay')}>
          <YesNo value={record.autoPay} />
        </InfoRow>
      </InfoSection>

      {resource === 'students' ? <StudentLearningSystem record={record} /> : null}

      <InfoSection title={t('sections.record')}>
        <InfoRow label={t('fields.id')}>{String(record.id)}</InfoRow>
        <InfoRow label={t('fields.createdAt')}>{formatDateTime(record.createdAt, locale)}</InfoRow>
        <InfoRow label={t('fields.updatedAt')}>{formatDateTime(record.updatedAt, locale)}</InfoRow>
        <InfoRow label={t('fields.updatedBy')} testId="overview-updated-by">
          {actorName(record.updatedBy)}
        </InfoRow>
      </InfoSection>
    </Box>
  );
}
