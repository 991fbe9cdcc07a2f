import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/** /cmp-sessions — customers signed up for coaches' products, with their sessions bought and held (issue 21). */
const cmpSessions: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./CmpSessionList')),
  icon: EventAvailableIcon,
};

export default cmpSessions;
