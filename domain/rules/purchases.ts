/**
 * The price of a purchase (domain rules "Purchases"; issue 21): browser-safe and pure, in integer
 * cents, so the quote the console and the portal show is the computation the API charges.
 *
 * - subtotal = unit price × quantity (a FREE product's unit price is 0, whatever its price column says);
 * - quantity above 1 only when the product allows multiple items;
 * - tax = subtotal × the student's state rate when the product calculates taxes (rates in percent,
 *   up to four decimals), rounded to the cent half away from zero; total = subtotal + tax.
 */

/** Rates are kept as millionths of the price (6.625 % → 66,250) so no float touches the money. */
const MICROS = 1_000_000;

export interface PurchaseProductTerms {
  priceType: 'FIXED' | 'FREE';
  /** The product's unit price in cents (null = none set, treated as 0). */
  priceCents: number | null;
  calculateTaxes: boolean;
  multipleItemPurchase: boolean;
}

export interface PurchaseQuote {
  quantity: number;
  unitPriceCents: number;
  subtotalCents: number;
  /** The state whose rate applied (null when no tax applied). */
  taxState: string | null;
  /** Percent, as configured (0 when no tax applied). */
  taxRate: number;
  taxCents: number;
  totalCents: number;
}

/** Percent (e.g. 6.625) → millionths (66,250), rounded to the fourth decimal of the percent. */
export const rateMicros = (percent: number): number => Math.round(Number((percent * 10_000).toPrecision(12)));

/** cents × rate, rounded half away from zero. */
export function taxOf(subtotalCents: number, percent: number): number {
  const micros = rateMicros(percent);
  if (subtotalCents <= 0 || micros <= 0) return 0;
  return Math.floor((subtotalCents * micros + MICROS / 2) / MICROS);
}

/** Why a quantity cannot be bought (null: it can). */
export function quantityRefusal(terms: Pick<PurchaseProductTerms, 'multipleItemPurchase'>, quantity: number): 'SINGLE_ITEM_ONLY' | null {
  return quantity > 1 && !terms.multipleItemPurchase ? 'SINGLE_ITEM_ONLY' : null;
}

/**
 * The quote of `quantity` items for a student of `state` (two letters, or null), with `rateOf` the
 * school's configured rate of a state (percent; 0 or undefined = no tax there).
 */
export function quotePurchase(terms: PurchaseProductTerms, quantity: number, state: string | null, rateOf: (state: string) => number | undefined): PurchaseQuote {
  const unitPriceCents = terms.priceType === 'FREE' ? 0 : Math.max(0, terms.priceCents ?? 0);
  const subtotalCents = unitPriceCents * quantity;
  const rate = terms.calculateTaxes && state && subtotalCents > 0 ? (rateOf(state.toUpperCase()) ?? 0) : 0;
  const taxCents = rate > 0 ? taxOf(subtotalCents, rate) : 0;
  return {
    quantity,
    unitPriceCents,
    subtotalCents,
    taxState: rate > 0 ? state!.toUpperCase() : null,
    taxRate: rate > 0 ? rate : 0,
    taxCents,
    totalCents: subtotalCents + taxCents,
  };
}
