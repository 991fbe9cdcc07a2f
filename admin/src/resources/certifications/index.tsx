import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/** /certifications — the certificates graduations issued (issue 21), for academics:read, loaded on first use. */
const certifications: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./CertificationList')),
  icon: WorkspacePremiumIcon,
};

export default certifications;
