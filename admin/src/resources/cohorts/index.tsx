import GroupsIcon from '@mui/icons-material/Groups';
import type { ResourceProps } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyScreen } from '../../common/lazyScreen';
import type { CohortRecord } from './cohortRecord';

const CohortModules = lazyScreen(() => import('./CohortModules'));

/**
 * /cohorts (the list; /cohorts/create and /cohorts/:id open the add and edit drawer over it) and
 * /cohorts/:cohortId/modules (back-office spec §2), each screen loaded on first use. `hasCreate` /
 * `hasEdit` tell react-admin that create and record links exist.
 */
const cohorts: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./CohortList')),
  icon: GroupsIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => (record as CohortRecord).label,
  children: <Route path=":cohortId/modules" element={<CohortModules />} />,
};

export default cohorts;
