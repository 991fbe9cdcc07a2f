import { Suspense, lazy, type ComponentType } from 'react';
import { LinearProgress } from '@mui/material';
import type { ProgramTab } from '../ProgramDrawer';
import type { ProgramRecord } from '../programRecord';
import { pt } from './PartsCommon';

/** A tab loaded on first use (its own chunk), a thin progress bar meanwhile. */
function lazyTab(load: () => Promise<{ default: ComponentType<{ program: ProgramRecord }> }>) {
  const Tab = lazy(load);
  return function LazyTab({ program }: { program: ProgramRecord }) {
    return (
      <Suspense fallback={<LinearProgress />}>
        <Tab program={program} />
      </Suspense>
    );
  };
}

const GraduationRequirements = lazyTab(() => import('./GraduationRequirements'));
const ProgramPlans = lazyTab(() => import('./ProgramPlans'));
const ExtraProducts = lazyTab(() => import('./ExtraProducts'));
const ProgramModules = lazyTab(() => import('./ProgramModules'));

/**
 * The program parts' tabs of the program drawer: graduation requirements, payment plans, extra
 * products, and modules — the last at its own address /programs/:programId/modules (spec §2).
 */
export const programPartTabs: ProgramTab[] = [
  { name: 'requirements', label: pt('tabs.requirements'), render: (program) => <GraduationRequirements program={program} /> },
  { name: 'payment-plans', label: pt('tabs.payment_plans'), render: (program) => <ProgramPlans program={program} /> },
  { name: 'extra-products', label: pt('tabs.extra_products'), render: (program) => <ExtraProducts program={program} /> },
  { name: 'modules', label: pt('tabs.modules'), route: 'modules', render: (program) => <ProgramModules program={program} /> },
];
