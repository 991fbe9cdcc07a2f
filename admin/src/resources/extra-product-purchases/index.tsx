import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';

/** /extra-product-purchases — extra products bought for students' enrollments (issue 21), with the refund action. */
const extraProductPurchases: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./PurchaseList')),
  icon: ShoppingBagIcon,
};

export default extraProductPurchases;
