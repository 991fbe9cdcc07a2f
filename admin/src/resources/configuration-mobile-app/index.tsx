import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/**
 * /configuration-mobile-app — the mobile app's settings and its versions (issue 17), for staff with
 * mobile_app:read (every staff role reads; SUPER_ADMIN changes them), loaded on first use.
 */
const configurationMobileApp: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./MobileAppPage')),
  icon: PhoneIphoneIcon,
};

export default configurationMobileApp;
