import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import type { LmsEnrollmentAnswer, LmsSignInAnswer } from '../../../../domain/contract/lms';
import { InfoSection } from '../../common/InfoSection';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import type { StudentRecord } from './studentRecord';

const t = (key: string) => `resources.students.lms.${key}`;
const statusColor = { DONE: 'success', PENDING: 'default', FAILED: 'error' } as const;

/**
 * The student's enrollments in learning systems (issue 21: GET /students/{id}/lms_enrollments, for
 * staff with lms:read): each class's action and delivery — done, pending or failed with its error and
 * attempts — and a sign-in link into the student's LMS (POST /students/{id}/sso, students:read).
 */
export function StudentLearningSystem({ record }: { record: StudentRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { canAccess = false } = useCanAccess({ resource: 'lms', action: 'list' });
  const { data } = useQuery({
    queryKey: ['students', 'lms_enrollments', String(record.id)],
    queryFn: () =>
      dataProvider.request<{ content: LmsEnrollmentAnswer[] }>({ method: 'GET', path: `/students/${encodeURIComponent(String(record.id))}/lms_enrollments`, query: { size: 20 } }),
    enabled: canAccess,
  });
  if (!canAccess || !data) return null;
  const rows = data.content;
  return (
    <InfoSection title={t('title')}>
      <Box sx={{ gridColumn: '1 / -1' }} data-testid="student-lms">
        {rows.length ? (
          rows.map((row) => (
            <Stack key={row.id} direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
              <Typography variant="body2">{row.cohortLabel ?? `#${row.cohortId}`}</Typography>
              <Chip size="small" variant="outlined" label={translate(`enums.LmsEnrollmentAction.${row.action}`, { _: row.action })} />
              <Chip size="small" color={statusColor[row.status]} label={translate(`enums.LmsEnrollmentStatus.${row.status}`, { _: row.status })} />
              {row.status !== 'DONE' ? (
                <Typography variant="caption" color="text.secondary">
                  {translate(t('attempts'), { smart_count: row.attempts })}
                  {row.lastError ? ` · ${row.lastError}` : ''}
                </Typography>
              ) : null}
            </Stack>
          ))
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate(t('none'))}
          </Typography>
        )}
        {rows.some((r) => r.action === 'ENROLL' && r.status === 'DONE') ? (
          <Button
            size="small"
            startIcon={<OpenInNewIcon />}
            data-testid="student-lms-sign-in"
            onClick={async () => {
              try {
                const link = await dataProvider.request<LmsSignInAnswer>({ method: 'POST', path: `/students/${encodeURIComponent(String(record.id))}/sso` });
                window.open(link.url, '_blank', 'noopener');
              } catch (error) {
                notify(t('link_failed'), { type: 'warning', messageArgs: { reason: error instanceof Error ? error.message : String(error) } });
              }
            }}
          >
            {translate(t('sign_in'))}
          </Button>
        ) : null}
      </Box>
    </InfoSection>
  );
}
