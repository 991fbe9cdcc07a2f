import { moneyAmount, percentRate, termMonths } from '../../admin/src/common/businessCategoryRecord';
import { adjustmentAmount, costAmount } from '../../admin/src/resources/products/productRecord';
import { moneyCheck, percentRateCheck, positiveMoneyCheck, termMonthsCheck } from '../../domain/contract/fields';
import { Messages } from '../../models/messages';

/**
 * The console's form checks of the catalogue's money, rates and terms are the API's field rules
 * (domain/contract/fields.ts), which tests/api/field-rules.test.ts compares with the API's 400 value
 * by value — not a copy with bounds of its own.
 */
test('the catalogue forms validate with the API body rules', () => {
  expect(moneyAmount).toBe(moneyCheck);
  expect(costAmount).toBe(moneyCheck);
  expect(percentRate).toBe(percentRateCheck);
  expect(termMonths).toBe(termMonthsCheck);
  expect(adjustmentAmount).toBe(positiveMoneyCheck);
  expect(adjustmentAmount.isRequired).toBe(true);
});

test('what the forms say: whole cents up to DECIMAL(12,2), numeric text accepted, anything else refused', () => {
  expect([12.5, '12.50', 0, null, '', 9_999_999_999.99].map((v) => moneyAmount(v))).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  expect([12.345, -1, 10_000_000_000, 'abc', true].map((v) => moneyAmount(v))).toEqual(Array(5).fill(Messages.INVALID_VALUE));
  expect([null, '', 0, 250.75].map((v) => adjustmentAmount(v))).toEqual([Messages.REQUIRED, Messages.REQUIRED, Messages.INVALID_VALUE, undefined]);
});
