import EventIcon from '@mui/icons-material/Event';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { LearningSessionRecord } from './learningSessionRecord';

/**
 * /learning-sessions — learning sessions (issue 19): the list by cohort, the drawer on
 * /learning-sessions/{id} (edit, publish, clone, auto-publish date, sign-ups with attendance, the
 * students' CSV) and the add drawer on /learning-sessions/create; for staff with learning_sessions:read.
 */
const learningSessions: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./LearningSessionList')),
  icon: EventIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => (record as LearningSessionRecord).title,
};

export default learningSessions;
