import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../../common/lazyScreen';
import type { PlanRecord } from '../../../common/planRecord';

/** /migrated-payment-plans/:id? — the migrated students' payment plans, loaded on first use. */
const migratedPaymentPlans: Omit<ResourceProps, 'name'> = {
  list: lazyScreen(() => import('./MigratedPlanList')),
  icon: HistoryEduIcon,
  hasEdit: true,
  recordRepresentation: (record) => `${(record as PlanRecord).name ?? ''} #${record.id}`.trim(),
};

export default migratedPaymentPlans;
