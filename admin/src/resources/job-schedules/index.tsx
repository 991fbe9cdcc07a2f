import ScheduleIcon from '@mui/icons-material/Schedule';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { JobScheduleRecord } from './jobScheduleRecord';

/**
 * /job-schedules — the background jobs and their run history (issue 16 §1), with the schedule's
 * drawer on /job-schedules/{id} and the add drawer on /job-schedules/create; for staff with
 * job_schedules:read (every staff role reads; SUPER_ADMIN changes and runs), loaded on first use.
 */
const jobSchedules: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./JobScheduleList')),
  icon: ScheduleIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => (record as JobScheduleRecord).jobName,
};

export default jobSchedules;
