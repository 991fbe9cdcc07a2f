import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../common/dates';
import { formatTime } from '../../common/TimeInput';
import { CIRCLES, type CircleRecord } from './circleRecord';

const t = (key: string) => `resources.${CIRCLES}.${key}`;

export function PublishedChip({ published, id }: { published: boolean; id?: unknown }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={published ? 'success' : 'default'}
      label={translate(t(published ? 'status.published' : 'status.unpublished'))}
      data-testid={id === undefined ? 'circle-published' : `circle-published-${String(id)}`}
    />
  );
}

/** "03-02-2027 6:00 PM – 7:30 PM" in the school's zone (the answer's `local`). */
export const startText = (r: Pick<CircleRecord, 'local'>) => `${formatDate(r.local.startDate)} ${formatTime(r.local.startTime)} – ${formatTime(r.local.endTime)}`;
