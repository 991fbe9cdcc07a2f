/**
 * The sales-tax rate of each US state that extra products are taxed at (issue 21, docs/decisions.md
 * "Purchases"): the states' own base rates in percent (Tax Foundation, 2024; local add-ons are not
 * included), used when a product has `calculateTaxes` and the student's address is in the US. The
 * school overrides or adds rates with `PURCHASE_TAX_RATES` (JSON, e.g. `{"NJ": 6.625, "NY": 8.875}`);
 * a state set to 0 is not taxed. A student without a state, or outside the US, pays no tax.
 */
export const DEFAULT_STATE_TAX_RATES: Readonly<Record<string, number>> = {
  AL: 4,
  AK: 0,
  AZ: 5.6,
  AR: 6.5,
  CA: 7.25,
  CO: 2.9,
  CT: 6.35,
  DE: 0,
  DC: 6,
  FL: 6,
  GA: 4,
  HI: 4,
  ID: 6,
  IL: 6.25,
  IN: 7,
  IA: 6,
  KS: 6.5,
  KY: 6,
  LA: 4.45,
  ME: 5.5,
  MD: 6,
  MA: 6.25,
  MI: 6,
  MN: 6.875,
  MS: 7,
  MO: 4.225,
  MT: 0,
  NE: 5.5,
  NV: 6.85,
  NH: 0,
  NJ: 6.625,
  NM: 4.875,
  NY: 4,
  NC: 4.75,
  ND: 5,
  OH: 5.75,
  OK: 4.5,
  OR: 0,
  PA: 6,
  RI: 7,
  SC: 6,
  SD: 4.2,
  TN: 7,
  TX: 6.25,
  UT: 6.1,
  VT: 6,
  VA: 5.3,
  WA: 6.5,
  WV: 6,
  WI: 5,
  WY: 4,
};

/** The rate table of a configuration: the defaults with `PURCHASE_TAX_RATES` over them. */
export function taxRatesOf(overrides: Readonly<Record<string, number>> | undefined): (state: string) => number | undefined {
  const table: Record<string, number> = { ...DEFAULT_STATE_TAX_RATES };
  for (const [state, rate] of Object.entries(overrides ?? {})) table[state.toUpperCase()] = rate;
  return (state) => table[state.toUpperCase()];
}

/** Whether a student's address is taxed by the state table: in the US (or no country given) with a state. */
export function taxedState(student: { countryCode: string | null; stateCode: string | null }): string | null {
  const country = (student.countryCode ?? 'US').toUpperCase();
  if (country !== 'US' && country !== 'USA') return null;
  return student.stateCode ? student.stateCode.toUpperCase() : null;
}
