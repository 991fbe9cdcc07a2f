/**
 * The payment labels the navigation and the Settings tabs show (English and Spanish), and the
 * payment information sections those tabs open. Kept apart from the payment screens' dictionary
 * (./i18n.ts) so the layouts do not load that one.
 */
import type { Language } from '../../i18n';

const en = {
  'nav.payments': 'Payments',
  'settings.tab.paymentInformation': 'Payment information',
  'settings.tab.paymentMethod': 'Payment method',
  'settings.tab.planTerms': 'Plan terms',
  'settings.tab.accountHistory': 'Account history',
  'settings.tab.crmHistory': 'CRM history',
  'settings.tab.gatewayHistory': 'Gateway history',
  'settings.tab.refunds': 'Refunds',
  'settings.tab.purchases': 'Purchases',
  'settings.tab.cardProviderHistory': 'Card-provider history',
} as const;

/** Spanish has every English key (a missing one is a type error). */
const es: { readonly [K in keyof typeof en]: string } = {
  'nav.payments': 'Pagos',
  'settings.tab.paymentInformation': 'Información de pago',
  'settings.tab.paymentMethod': 'Método de pago',
  'settings.tab.planTerms': 'Términos del plan',
  'settings.tab.accountHistory': 'Historial de la cuenta',
  'settings.tab.crmHistory': 'Historial del CRM',
  'settings.tab.gatewayHistory': 'Historial de la pasarela',
  'settings.tab.refunds': 'Reembolsos',
  'settings.tab.purchases': 'Compras',
  'settings.tab.cardProviderHistory': 'Historial del proveedor de tarjetas',
};

const labels = { EN: en, ES: es } as const;

export type PaymentNavKey = keyof typeof en;

export const paymentNavLabel = (language: Language, key: PaymentNavKey): string => labels[language]?.[key] ?? labels.EN[key];

export const PAYMENT_INFORMATION_PATH = '/settings/payment-information';

/**
 * The sections of payment information (platform spec §2 "Payment information tabs", in that order),
 * each a tab of Settings, the one row of tabs: the overview is "Payment information"; communication
 * preferences are Settings' own tab, not a second one.
 */
export const PAYMENT_SECTIONS = [
  { slug: '', label: 'settings.tab.paymentInformation' },
  { slug: 'payment-method', label: 'settings.tab.paymentMethod' },
  { slug: 'plan-terms', label: 'settings.tab.planTerms' },
  { slug: 'account-history', label: 'settings.tab.accountHistory' },
  { slug: 'crm-history', label: 'settings.tab.crmHistory' },
  { slug: 'gateway-history', label: 'settings.tab.gatewayHistory' },
  { slug: 'refunds', label: 'settings.tab.refunds' },
  { slug: 'purchases', label: 'settings.tab.purchases' },
  { slug: 'card-provider-history', label: 'settings.tab.cardProviderHistory' },
] as const satisfies ReadonlyArray<{ slug: string; label: PaymentNavKey }>;

export type PaymentSectionSlug = (typeof PAYMENT_SECTIONS)[number]['slug'];

/** A section's address, with the chosen plan when there is one (`?planId=`). */
export const paymentSectionPath = (slug: string, planId?: string | number | null) => `${PAYMENT_INFORMATION_PATH}${slug ? `/${slug}` : ''}${planId ? `?planId=${planId}` : ''}`;
