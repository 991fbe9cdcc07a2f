import MailOutlineIcon from '@mui/icons-material/MailOutline';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { CommunicationRecord } from './communicationRecord';

/**
 * /communications/:id? — what staff write to students (issue 17; back-office spec §7), the drawer of
 * one on /communications/{id} and the writing drawer on /communications/create; for staff with
 * communications:read (every staff role reads; ADMISSIONS and SUPER_ADMIN write), loaded on first use.
 */
const communications: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./CommunicationList')),
  icon: MailOutlineIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => (record as CommunicationRecord).subject,
};

export default communications;
