/**
 * The migrated plans screen (`resources.migrated-payment-plans`): its own name; every other text is
 * the payment information screen's (`resources.payment-information.*`), the same list and drawer.
 */
export const migratedPaymentPlans = {
  en: { name: 'Migrated payment plan |||| Migrated payment plans' },
  es: { name: 'Plan de pago migrado |||| Planes de pago migrados' },
};
