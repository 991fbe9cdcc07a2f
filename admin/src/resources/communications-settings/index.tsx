import SettingsSuggestIcon from '@mui/icons-material/SettingsSuggest';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/**
 * /communications-settings — communication templates with their contents per language, and the
 * email templates (header and footer) that wrap them (issue 17); for staff with templates:read
 * (every staff role reads; SUPER_ADMIN and ADMISSIONS change them), loaded on first use.
 */
const communicationsSettings: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./CommunicationsSettings')),
  icon: SettingsSuggestIcon,
};

export default communicationsSettings;
