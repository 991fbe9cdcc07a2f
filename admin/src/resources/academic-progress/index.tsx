import InsightsIcon from '@mui/icons-material/AutoGraph';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/**
 * /academic-progress/:id? — a cohort's academic progress (issue 21): per student the requirements met of
 * total and the score; /academic-progress/{id} opens the enrollment's requirements and its transcript.
 * For academics:read, loaded on first use.
 */
const academicProgress: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./AcademicProgressList')),
  icon: InsightsIcon,
  hasEdit: true,
};

export default academicProgress;
