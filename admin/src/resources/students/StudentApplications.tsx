import { Box, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCanAccess, useGetList, useTranslate, type Identifier } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { ApplicationStatusChip } from '../../common/ApplicationStatusChip';
import { ENROLLMENTS, STUDENT_APPLICATIONS_SIZE, applicationPath, cohortLabels, type ApplicationRecord } from '../../common/applicationRecord';

const t = (key: string) => `resources.enrollments.${key}`;

/**
 * The student drawer's applications (POST /applications/find_by_criteria { studentIds: [id] }, all
 * of them at once, newest first). A row opens the application drawer on /enrollments/{id}, which
 * closes the student drawer: only one of the two is open at a time (back-office spec §2).
 */
export function StudentApplications({ studentId }: { studentId: Identifier }) {
  const translate = useTranslate();
  const location = useLocation();
  const { canAccess = false } = useCanAccess({ resource: ENROLLMENTS, action: 'list' });
  const { data = [], isPending } = useGetList<ApplicationRecord>(
    ENROLLMENTS,
    { filter: { studentIds: [Number(studentId)] }, pagination: { page: 1, perPage: STUDENT_APPLICATIONS_SIZE }, sort: { field: 'id', order: 'DESC' } },
    { enabled: canAccess },
  );
  if (!canAccess) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="student-applications">
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(t('student_applications.title'))}
      </Typography>
      {isPending ? (
        <LinearProgress />
      ) : data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="student-applications-empty">
          {translate(t('student_applications.empty'))}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(t('fields.id'))}</TableCell>
                <TableCell>{translate(t('fields.product'))}</TableCell>
                <TableCell>{translate(t('fields.cohort'))}</TableCell>
                <TableCell>{translate(t('fields.status'))}</TableCell>
                <TableCell>{translate(t('fields.appliedAt'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((application) => (
                <TableRow
                  key={application.id}
                  hover
                  component={RouterLink}
                  to={applicationPath(application.id, location)}
                  aria-label={translate(t('student_applications.open'), { id: application.id })}
                  sx={{ textDecoration: 'none', cursor: 'pointer' }}
                  data-testid={`student-application-${application.id}`}
                >
                  <TableCell>{application.id}</TableCell>
                  <TableCell>{application.product?.name}</TableCell>
                  <TableCell>{cohortLabels(application)}</TableCell>
                  <TableCell>
                    <ApplicationStatusChip status={application.status} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(application.appliedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
