import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import { categoryLabel, type BusinessCategory } from '../../common/businessCategoryRecord';

/**
 * /business-categories and /business-categories/:id/payment-plans. The 11 categories are fixed (no
 * create); editing happens in the drawer over the list (/business-categories/:id, tabs for details,
 * accounting lines and payment plans), so the list is the only route and `hasEdit` tells react-admin
 * that record links exist.
 */
const businessCategories: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./BusinessCategoryList')),
  hasEdit: true,
  icon: CategoryIcon,
  recordRepresentation: (record) => categoryLabel(record as BusinessCategory),
};

export default businessCategories;
