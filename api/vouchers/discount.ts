import type { Voucher } from '../../models';
import { toCents } from '../../domain/money';

/**
 * The discount a voucher gives on a principal before the voucher (cents; domain rules "Vouchers"):
 * PERCENT_OFF is that share rounded half up to the cent, AMOUNT_OFF the amount but never more than
 * the principal.
 */
export function voucherDiscountCents(voucher: Pick<Voucher, 'discountKind' | 'discountValue'>, principalBeforeVoucherCents: number): number {
  const principal = Math.max(0, Math.round(principalBeforeVoucherCents));
  if (voucher.discountKind === 'AMOUNT_OFF') return Math.min(toCents(voucher.discountValue), principal);
  // Hundredths of a percent: principal × value / 100, in integers (BigInt: no precision lost).
  const hundredths = BigInt(toCents(voucher.discountValue));
  return Math.min(principal, Number((BigInt(principal) * hundredths + 5000n) / 10000n));
}
