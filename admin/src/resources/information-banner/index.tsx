import CampaignIcon from '@mui/icons-material/Campaign';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { BannerRecord } from './bannerRecord';

/**
 * /information-banner — the portal's information banners (issue 17), with the banner's drawer on
 * /information-banner/{id} and the add drawer on /information-banner/create; for staff with
 * banners:read (every staff role reads; ACADEMIC and SUPER_ADMIN write and publish), loaded on first use.
 */
const informationBanner: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./BannerList')),
  icon: CampaignIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => (record as BannerRecord).title,
};

export default informationBanner;
