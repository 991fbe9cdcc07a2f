/**
 * The permission catalogue (`resource:action`) and the seeded roles of the domain rules. Routes
 * declare one permission each; roles hold lists of them ('*' = everything, 'students:*' = every
 * action on one resource). Shared by the API, the roles screen and the console's `canAccess`.
 */
export const PermissionCatalogue = {
  students: ['read', 'create', 'update', 'merge', 'export'],
  customers: ['read', 'update', 'export'],
  admins: ['read', 'create', 'update', 'delete', 'logout', 'export'],
  roles: ['read', 'create', 'update', 'delete'],
  users: ['read', 'update', 'update_password'],
  search_filters: ['read', 'create', 'update', 'delete'],
  business_categories: ['read', 'create', 'update', 'delete'],
  products: ['read', 'create', 'update', 'delete', 'publish'],
  programs: ['read', 'create', 'update', 'delete'],
  cohorts: ['read', 'create', 'update', 'delete', 'publish'],
  applications: ['read', 'create', 'update', 'status'],
  vouchers: ['read', 'create', 'update', 'status'],
  payment_plans: ['read', 'create', 'update'],
  payments: ['read', 'create', 'update', 'refund'],
  payment_methods: ['read', 'create', 'update', 'delete'],
  refunds: ['read', 'create', 'update', 'approve'],
  transfers: ['read', 'create', 'status'],
  withdrawals: ['read', 'create', 'status'],
  coaches: ['read', 'create', 'update', 'delete'],
  coaching_circles: ['read', 'create', 'update', 'delete', 'publish'],
  learning_sessions: ['read', 'create', 'update', 'delete', 'publish'],
  communications: ['read', 'create', 'update', 'send'],
  templates: ['read', 'create', 'update', 'delete'],
  banners: ['read', 'create', 'update', 'publish'],
  job_schedules: ['read', 'update', 'run'],
  lms: ['read', 'create', 'update', 'delete'],
  exports: ['read', 'create', 'delete'],
  analytics: ['read'],
  /** Every email sent (reset links, invitations, codes): whoever reads it can take over accounts. */
  outbox: ['read'],
  /** The domain events' deliveries (api/common/events.ts): read them, send a FAILED one again. */
  domain_events: ['read', 'retry'],
  /** The mobile app's configuration and app versions (the app itself reads both without a token). */
  mobile_app: ['read', 'update'],
  /** Issue 21: academic progress (read; update: record a requirement by hand, recompute), graduation, certificates. */
  academics: ['read', 'update', 'graduate'],
} as const;

export type PermissionResource = keyof typeof PermissionCatalogue;
export type Permission = { [R in PermissionResource]: `${R}:${(typeof PermissionCatalogue)[R][number]}` }[PermissionResource];

/** Every permission string of the catalogue, in catalogue order. */
export const AllPermissions: string[] = Object.entries(PermissionCatalogue).flatMap(([r, actions]) => actions.map((a) => `${r}:${a}`));

/** Every area's read permission but the outbox's (it holds reset links and codes: SUPER_ADMIN's, or a role given it on purpose). */
const readAll = Object.keys(PermissionCatalogue)
  .filter((r) => r !== 'outbox')
  .map((r) => `${r}:read`);
const all = (...resources: PermissionResource[]) => resources.map((r) => `${r}:*`);

/** The roles created by migration (domain rules: SUPER_ADMIN, FINANCE, ADMISSIONS, ACADEMIC, SUPPORT). */
export const SeededRoles: Array<{ name: string; description: string; permissions: string[] }> = [
  { name: 'SUPER_ADMIN', description: 'Everything, including administrators and roles', permissions: ['*'] },
  {
    name: 'FINANCE',
    description: 'Tuition billing: plans, payments, refunds, transfers, withdrawals, vouchers',
    permissions: [
      ...readAll.filter((p) => !p.startsWith('roles:') && !p.startsWith('admins:')),
      ...all('payment_plans', 'payments', 'payment_methods', 'refunds', 'transfers', 'withdrawals', 'vouchers', 'exports', 'search_filters'),
      // Plan templates and products (prices, plans, publishing): migration 0005 adds them to existing installs.
      ...all('business_categories', 'products'),
      'students:update',
      'students:export',
      'customers:update',
    ],
  },
  {
    name: 'ADMISSIONS',
    description: 'Students, customers, applications and enrollment',
    permissions: [
      ...readAll.filter((p) => !p.startsWith('roles:') && !p.startsWith('admins:')),
      ...all('students', 'customers', 'applications', 'vouchers', 'transfers', 'withdrawals', 'communications', 'exports', 'search_filters'),
      // Communication templates and email templates (issue 17): migration 0015 adds them to existing installs.
      'templates:*',
      'users:update',
      'users:update_password',
      'payment_methods:create',
    ],
  },
  {
    name: 'ACADEMIC',
    description: 'Programs, cohorts, coaches, coaching circles and learning sessions',
    permissions: [
      ...readAll.filter((p) => !p.startsWith('roles:') && !p.startsWith('admins:')),
      ...all('programs', 'cohorts', 'coaches', 'coaching_circles', 'learning_sessions', 'lms', 'banners', 'exports', 'search_filters'),
      'students:update',
      // Academic progress, graduation and certificates (issue 21): migration 0035 adds it to existing installs.
      'academics:*',
    ],
  },
  { name: 'SUPPORT', description: 'Read-only access to the back office', permissions: [...readAll.filter((p) => !p.startsWith('roles:')), 'search_filters:*'] },
];

/** Whether a set of granted permissions (with wildcards) includes `permission`. */
export function hasPermission(granted: readonly string[], permission: string): boolean {
  if (granted.includes('*') || granted.includes(permission)) return true;
  const [resource] = permission.split(':');
  return granted.includes(`${resource}:*`);
}

/** Expands wildcards into the concrete catalogue permissions (for display and tokens). */
export function expandPermissions(granted: readonly string[]): string[] {
  return AllPermissions.filter((p) => hasPermission(granted, p));
}
