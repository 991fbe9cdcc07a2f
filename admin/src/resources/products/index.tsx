import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import type { ResourceProps } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyScreen } from '../../common/lazyScreen';
import type { Product } from './productRecord';

const ProductPaymentPlans = lazyScreen(() => import('./ProductPaymentPlans'));
const PlanAdjustments = lazyScreen(() => import('./PlanAdjustments'));

/**
 * /products (the list; /products/create and /products/:id open the add and edit drawer over it),
 * /products/:productId/payment-plans and /products/:productId/payment-plans/:paymentPlanId/adjustments
 * (back-office spec §2), each screen loaded on first use. `hasCreate` / `hasEdit` tell react-admin
 * that create and record links exist.
 */
const products: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./ProductList')),
  icon: ShoppingBagIcon,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record) => (record as Product).name,
  children: (
    <>
      <Route path=":productId/payment-plans" element={<ProductPaymentPlans />} />
      <Route path=":productId/payment-plans/:paymentPlanId/adjustments" element={<PlanAdjustments />} />
    </>
  ),
};

export default products;
