/**
 * The few payment labels the navigation and the Settings tabs show (English and Spanish). Kept apart
 * from the payment screens' dictionary (./i18n.ts) so the layout does not load that one.
 */
import type { Language } from '../../i18n';

const labels = {
  EN: {
    'nav.payments': 'Payments',
    'settings.tab.paymentInformation': 'Payment information',
    'settings.tab.paymentMethod': 'Payment method',
    'settings.tab.planTerms': 'Plan terms',
    'settings.tab.accountHistory': 'Account history',
  },
  ES: {
    'nav.payments': 'Pagos',
    'settings.tab.paymentInformation': 'Información de pago',
    'settings.tab.paymentMethod': 'Método de pago',
    'settings.tab.planTerms': 'Términos del plan',
    'settings.tab.accountHistory': 'Historial de la cuenta',
  },
} as const;

export type PaymentNavKey = keyof (typeof labels)['EN'];

export const paymentNavLabel = (language: Language, key: PaymentNavKey): string => labels[language]?.[key] ?? labels.EN[key];

export const PAYMENT_INFORMATION_PATH = '/settings/payment-information';

/** The Settings tabs of the payment information screen (platform spec §2 "Settings"). */
export const PAYMENT_SETTINGS_TABS: ReadonlyArray<{ to: string; label: PaymentNavKey }> = [
  { to: PAYMENT_INFORMATION_PATH, label: 'settings.tab.paymentInformation' },
  { to: `${PAYMENT_INFORMATION_PATH}/payment-method`, label: 'settings.tab.paymentMethod' },
  { to: `${PAYMENT_INFORMATION_PATH}/plan-terms`, label: 'settings.tab.planTerms' },
  { to: `${PAYMENT_INFORMATION_PATH}/account-history`, label: 'settings.tab.accountHistory' },
];
