import type { Voucher } from '../../models';

const cents = (v: number | string | null | undefined) => Math.round(Number(v ?? 0) * 100);

/**
 * The discount a voucher gives on a principal before the voucher (cents; domain rules "Vouchers"):
 * PERCENT_OFF is that share rounded half up to the cent, AMOUNT_OFF the amount but never more than
 * the principal.
 */
export function voucherDiscountCents(voucher: Pick<Voucher, 'discountKind' | 'discountValue'>, principalBeforeVoucherCents: number): number {
  const principal = Math.max(0, Math.round(principalBeforeVoucherCents));
  if (voucher.discountKind === 'AMOUNT_OFF') return Math.min(cents(voucher.discountValue), principal);
  // Hundredths of a percent: principal × value / 100, in integers (BigInt: no precision lost).
  const hundredths = BigInt(cents(voucher.discountValue));
  return Math.min(principal, Number((BigInt(principal) * hundredths + 5000n) / 10000n));
}
