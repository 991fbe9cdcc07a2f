import { hasPermission } from '../../../models/permissions';

/**
 * Whether an administrator's permissions allow a console action. Console resources are the spec's
 * routes (`business-categories`); permissions are the API's `resource:action` (`business_categories:read`).
 * react-admin's actions map onto the API's: list/show → read, edit → update; any other action
 * (create, delete, export, logout, merge, publish...) keeps its name.
 */

/** Console resources whose permission resource is named differently. */
const permissionResource: Record<string, string> = {
  enrollments: 'applications',
  'voucher-refunds': 'vouchers',
  'payment-information': 'payment_plans',
  'external-payments': 'payments',
  'migrated-payment-plans': 'payment_plans',
  'information-banner': 'banners',
  'configuration-mobile-app': 'mobile_app',
  'app-versions': 'mobile_app',
  'communications-settings': 'templates',
  // The two lists of /communications-settings (issue 17).
  'communication-templates': 'templates',
  'email-templates': 'templates',
  // GET /billing/dashboard is payment_plans:read (the billing contract): finance staff see it.
  'billing-dashboard': 'payment_plans',
  'billing-calculator': 'payment_plans',
  'failed-payments': 'payments',
  'disputed-payments': 'payments',
  'coaching-circles-types': 'coaching_circles',
  'coaching-circles-attendance': 'coaching_circles',
  'extra-product-purchases': 'payments',
  'cmp-transactions': 'coaches',
  'cmp-sessions': 'coaches',
  // Issue 21's academics screens.
  graduations: 'academics',
  'academic-progress': 'academics',
  certifications: 'academics',
};

/** Console actions whose permission is named differently (`resource:action` → permission). */
const actionPermission: Record<string, string> = {
  'external-payments:status': 'payments:update',
  'refunds:status': 'refunds:approve',
  'refunds:submit': 'payments:refund',
  'failed-payments:retry': 'payments:create',
  'disputed-payments:verify': 'payments:update',
  'extra-product-purchases:refund': 'payments:refund',
  'cmp-sessions:session': 'coaches:update',
};

/** Screens every signed-in administrator reaches (their own profile, the dashboard). */
const open = new Set(['dashboard', 'profile']);

const actionAlias: Record<string, string> = { list: 'read', show: 'read', edit: 'update' };

export function canAccess(permissions: readonly string[] | undefined, { resource, action }: { resource: string; action: string }): boolean {
  if (open.has(resource)) return true;
  if (!permissions?.length) return false;
  const direct = actionPermission[`${resource}:${action}`];
  if (direct) return hasPermission(permissions, direct);
  const target = permissionResource[resource] ?? resource.replace(/-/g, '_');
  return hasPermission(permissions, `${target}:${actionAlias[action] ?? action}`);
}
