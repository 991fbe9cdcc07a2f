/**
 * Demo vouchers (issue 5): WELCOME10 (10 % off) and SAVE500 ($500 off), for everyone, valid for a
 * year from the day of seeding, so the portal's "Start enrollment with a promo code" works on a fresh
 * installation. Written in the caller's transaction; a code that already exists is left as it is,
 * so a second run adds nothing.
 */
import type { CreationAttributes, Transaction } from 'sequelize';
import { Voucher } from '../models';
import { schoolToday } from '../models/catalogue';

/** The day before the same date a year later (YYYY-MM-DD): a year of validity, both ends included. */
function aYearFrom(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
}

export const DEMO_VOUCHER_CODES = ['WELCOME10', 'SAVE500'] as const;

/** The demo vouchers for a seeding day (pure). */
export function demoVouchers(now = new Date()): Array<CreationAttributes<Voucher>> {
  const validFrom = schoolToday(now);
  const validTo = aYearFrom(validFrom);
  const common = { scope: 'ALL' as const, emailIds: [], validFrom, validTo, useLimit: null, active: true, updatedById: null, updatedByName: 'System' };
  return [
    { code: 'WELCOME10', description: 'Welcome offer: 10% off the tuition', discountKind: 'PERCENT_OFF', discountValue: 10, ...common },
    { code: 'SAVE500', description: '$500 off the tuition', discountKind: 'AMOUNT_OFF', discountValue: 500, ...common },
  ];
}

export async function seedVoucherDemo(transaction: Transaction, now = new Date()): Promise<void> {
  const existing = new Set((await Voucher.findAll({ where: { code: [...DEMO_VOUCHER_CODES] }, attributes: ['code'], raw: true, transaction })).map((v) => v.code));
  for (const voucher of demoVouchers(now)) {
    if (!existing.has(voucher.code)) await Voucher.create(voucher, { transaction });
  }
}
