import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../common/dates';
import type { CoachRecord } from './coachRecord';

const t = (key: string) => `resources.coaches.circles.${key}`;

/** The circles tab: the groups the coach leads, from GET /coaches/{id} `circles` (newest start first). */
export function CoachCircles({ record }: { record: CoachRecord }) {
  const translate = useTranslate();
  if (!record.circles.length)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="no-circles">
        {translate(t('empty'))}
      </Typography>
    );
  return (
    <Table size="small" data-testid="coach-circles">
      <TableHead>
        <TableRow>
          <TableCell>{translate(t('type'))}</TableCell>
          <TableCell>{translate(t('cohort'))}</TableCell>
          <TableCell>{translate(t('startDate'))}</TableCell>
          <TableCell>{translate(t('published'))}</TableCell>
          <TableCell align="right">{translate(t('signUps'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {record.circles.map((circle) => (
          <TableRow key={circle.circleCoachId} data-testid={`coach-circle-${circle.circleId}`}>
            <TableCell>{circle.typeName}</TableCell>
            <TableCell>{circle.cohortLabel}</TableCell>
            <TableCell>{formatDate(circle.startDate)}</TableCell>
            <TableCell>{translate(t(circle.published ? 'yes' : 'no'))}</TableCell>
            <TableCell align="right">{circle.signUps}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
