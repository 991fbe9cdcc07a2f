// @database none: no database is touched here, so the MariaDB pass skips this file (tests/support/with-mariadb.ts).
import {
  computeWithdrawal,
  coursePercent,
  DEFAULT_WITHDRAWAL_SETTINGS,
  reissueSchedule,
  responsibilityBaseCents,
  splitEvenly,
  WithdrawalEngineError,
  withdrawalFigures,
  type WithdrawalInput,
} from '../../domain/rules/withdrawals';
import { computeTransfer, MAX_TRANSFER_FEE_CENTS, paidTowardPlanCents, TransferEngineError } from '../../domain/rules/transfers';

/**
 * The transfer and withdrawal engines (domain/rules/transfers.ts, withdrawals.ts; issue 18 "The
 * engine"): the domain rules' figures on fixed cases, then properties on 2,000+ seeded random cases
 * each — money conserved to the cent, no negative amount — also over chains (transfer then transfer,
 * transfer then withdrawal), where what was paid counts the rollover an earlier transfer credited.
 */

const settings = DEFAULT_WITHDRAWAL_SETTINGS;
const base: WithdrawalInput = {
  settings,
  signedDate: '2027-01-01',
  effectiveDate: '2027-03-01',
  registrationFeeCents: 10_000,
  courses: [{ startDate: '2027-02-01', endDate: '2027-05-31', chargeCents: 500_000, withdrawn: true }],
  paidCents: 0,
  refundedCents: 0,
  taxPaidCents: 0,
  taxRefundedCents: 0,
  installmentCents: null,
  firstDueDate: '2027-03-01',
};

describe('withdrawal responsibility (domain rules)', () => {
  test('within 5 days of signing: the registration fee only, the rest of what was paid refunded', () => {
    const q = computeWithdrawal({ ...base, effectiveDate: '2027-01-06', paidCents: 60_000 });
    expect(q.cancellation).toBe(true);
    expect(q.responsibilityCents).toBe(10_000);
    expect(q.refundCents).toBe(50_000);
    expect(q.reductionCents).toBe(500_000);
  });
  test('on the sixth day after signing but before the course starts: still the fee only', () => {
    const q = computeWithdrawal({ ...base, effectiveDate: '2027-01-07', paidCents: 10_000 });
    expect(q.responsibilityCents).toBe(10_000);
    expect(q.refundCents).toBe(0);
    expect(q.reissuedCents).toBe(0);
  });
  test('after the start: the elapsed share rounded up to 10 %', () => {
    // 2027-02-01..2027-05-31 is 120 days; on 2027-02-13 13 days elapsed = 10.8 % → 20 %.
    expect(coursePercent(base.courses[0], '2027-02-13', settings).percent).toBe(20);
    expect(coursePercent(base.courses[0], '2027-02-12', settings).percent).toBe(10);
    const q = computeWithdrawal({ ...base, effectiveDate: '2027-02-13', paidCents: 300_000 });
    expect(q.responsibilityCents).toBe(10_000 + 100_000);
    expect(q.refundCents).toBe(190_000);
  });
  test('from 60 % elapsed: everything is owed, and what is left is reissued with the staff installment', () => {
    // 72 of 120 days = 60 %.
    const q = computeWithdrawal({ ...base, effectiveDate: '2027-04-13', paidCents: 200_000, installmentCents: 100_000 });
    expect(q.responsibilityCents).toBe(510_000);
    expect(q.refundCents).toBe(0);
    expect(q.reissuedCents).toBe(310_000);
    expect(q.reissued.map((e) => e.amountCents)).toEqual([100_000, 100_000, 100_000, 10_000]);
    expect(q.reissued.map((e) => e.dueDate)).toEqual(['2027-03-01', '2027-04-01', '2027-05-01', '2027-06-01']);
  });
  test("'Invalid installment amount': missing, zero, above the rest, or not whole cents", () => {
    for (const installmentCents of [null, 0, -1, 310_001, 10.5]) {
      expect(() => computeWithdrawal({ ...base, effectiveDate: '2027-04-13', paidCents: 200_000, installmentCents })).toThrow(
        expect.objectContaining({ code: 'INVALID_INSTALLMENT_AMOUNT', message: 'Invalid installment amount' }),
      );
    }
  });
  test('the refund is never above paid − already refunded', () => {
    const q = computeWithdrawal({ ...base, effectiveDate: '2027-01-03', paidCents: 100_000, refundedCents: 95_000 });
    expect(q.refundCents).toBe(5_000);
  });
  test('a course the student stays in (partial withdrawal) is owed in full', () => {
    const q = computeWithdrawal({
      ...base,
      effectiveDate: '2027-01-03',
      paidCents: 300_000,
      courses: [
        { startDate: '2027-02-01', endDate: '2027-05-31', chargeCents: 250_000, withdrawn: true },
        { startDate: '2027-02-01', endDate: '2027-05-31', chargeCents: 250_000, withdrawn: false },
      ],
    });
    expect(q.responsibilityCents).toBe(260_000);
    expect(q.refundCents).toBe(40_000);
  });
  test('per-kind settings change the figures', () => {
    const q = computeWithdrawal({
      ...base,
      settings: { cancellationDays: 0, roundUpToPercent: 25, fullResponsibilityAtPercent: 90 },
      effectiveDate: '2027-02-13',
      paidCents: 0,
      installmentCents: 1_000,
    });
    expect(q.courses[0].percent).toBe(25);
  });
  test('negative or fractional money is refused', () => {
    expect(() => computeWithdrawal({ ...base, paidCents: -1 })).toThrow(WithdrawalEngineError);
  });
});

describe('transfer money (domain rules)', () => {
  test('the first transfer is free whatever fee is asked; later ones carry 0–300', () => {
    expect(computeTransfer({ previousTransfers: 0, feeCents: 15_000, paidCents: 0, refundedCents: 0, newPrincipalCents: 100_000, newDepositCents: 0 }).feeCents).toBe(0);
    expect(computeTransfer({ previousTransfers: 1, feeCents: 15_000, paidCents: 0, refundedCents: 0, newPrincipalCents: 100_000, newDepositCents: 0 }).feeCents).toBe(15_000);
    expect(() => computeTransfer({ previousTransfers: 1, feeCents: MAX_TRANSFER_FEE_CENTS + 1, paidCents: 0, refundedCents: 0, newPrincipalCents: 1, newDepositCents: 0 })).toThrow(
      TransferEngineError,
    );
  });
  test("'Transfer limit reached' after two", () => {
    expect(() => computeTransfer({ previousTransfers: 2, feeCents: 0, paidCents: 0, refundedCents: 0, newPrincipalCents: 1, newDepositCents: 0 })).toThrow(
      expect.objectContaining({ code: 'TRANSFER_LIMIT_REACHED' }),
    );
  });
  test('the rollover reduces the new principal; what was paid beyond it is the excess', () => {
    const q = computeTransfer({ previousTransfers: 1, feeCents: 15_000, paidCents: 150_000, refundedCents: 0, newPrincipalCents: 500_000, newDepositCents: 50_000 });
    expect(q).toMatchObject({ rolloverCents: 150_000, principalCents: 365_000, excessCents: 0, depositCents: 50_000 });
    const over = computeTransfer({ previousTransfers: 0, feeCents: 0, paidCents: 600_000, refundedCents: 50_000, newPrincipalCents: 500_000, newDepositCents: 50_000 });
    expect(over).toMatchObject({ rolloverCents: 500_000, principalCents: 0, excessCents: 50_000, depositCents: 0 });
  });
});

describe('properties, 2,000 seeded random cases each', () => {
  let seed = 20261128;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const day = (from: string, span: number) => new Date(Date.parse(`${from}T00:00:00Z`) + int(0, span) * 86_400_000).toISOString().slice(0, 10);

  test('withdrawal: paid + reissued = responsibility + refund + what was refunded before of the excess; nothing negative', () => {
    let reissuedCases = 0;
    for (let i = 0; i < 2_500; i++) {
      const start = day('2027-01-01', 200);
      const courseCount = int(1, 3);
      const total = int(0, 2_000_000);
      const charges = splitEvenly(total, courseCount);
      const courses = charges.map((chargeCents, k) => ({
        startDate: rand() < 0.1 ? null : start,
        endDate: day(start, 365),
        chargeCents,
        withdrawn: k === 0 || rand() < 0.5,
      }));
      const fee = int(0, 20_000);
      const paid = int(0, total + fee + 100_000);
      const refunded = rand() < 0.3 ? int(0, paid) : 0;
      const taxPaid = int(0, 50_000);
      const input: WithdrawalInput = {
        settings: { cancellationDays: int(0, 10), roundUpToPercent: int(1, 25), fullResponsibilityAtPercent: int(30, 100) },
        signedDate: rand() < 0.1 ? null : day('2026-12-01', 60),
        effectiveDate: day('2026-12-15', 600),
        registrationFeeCents: fee,
        courses,
        paidCents: paid,
        refundedCents: refunded,
        taxPaidCents: taxPaid,
        taxRefundedCents: int(0, taxPaid),
        installmentCents: null,
        firstDueDate: '2027-06-01',
      };
      let q = (() => {
        try {
          return computeWithdrawal(input);
        } catch (err) {
          expect(err).toBeInstanceOf(WithdrawalEngineError);
          expect((err as WithdrawalEngineError).code).toBe('INVALID_INSTALLMENT_AMOUNT');
          return null;
        }
      })();
      if (!q) {
        reissuedCases++;
        const probe = withdrawalFigures(input).reissuedCents;
        q = computeWithdrawal({ ...input, installmentCents: int(Math.ceil(probe / 120), probe) });
      }
      const alreadyRefunded = Math.max(0, paid - q.responsibilityCents) - q.refundCents;
      expect(paid + q.reissuedCents).toBe(q.responsibilityCents + q.refundCents + alreadyRefunded);
      expect(alreadyRefunded).toBeLessThanOrEqual(refunded);
      expect(q.chargesCents).toBe(q.responsibilityCents + q.reductionCents);
      expect(q.refundCents).toBeLessThanOrEqual(paid - refunded);
      expect(q.taxRefundCents).toBeLessThanOrEqual(taxPaid - input.taxRefundedCents);
      expect(q.reissued.reduce((s, e) => s + e.amountCents, 0)).toBe(q.reissuedCents);
      if (q.reissued.length) expect(q.reissued[q.reissued.length - 1].balanceCents).toBe(0);
      expect(q.refundCents > 0 && q.reissuedCents > 0).toBe(false);
      for (const v of [q.responsibilityCents, q.reductionCents, q.refundCents, q.taxRefundCents, q.reissuedCents, ...q.courses.map((c) => c.responsibilityCents)]) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
      }
      for (const e of q.reissued) expect(e.amountCents).toBeGreaterThan(0);
      for (const c of q.courses) expect(c.percent).toBeGreaterThanOrEqual(0);
    }
    expect(reissuedCases).toBeGreaterThan(100);
  });

  test('transfer: rollover + excess = paid − refunded; rollover + new principal = target principal + fee; nothing negative', () => {
    for (let i = 0; i < 2_500; i++) {
      const paid = int(0, 1_500_000);
      const refunded = rand() < 0.3 ? int(0, paid) : 0;
      const input = {
        previousTransfers: int(0, 1),
        feeCents: int(0, MAX_TRANSFER_FEE_CENTS),
        paidCents: paid,
        refundedCents: refunded,
        newPrincipalCents: int(0, 1_500_000),
        newDepositCents: int(0, 200_000),
      };
      const q = computeTransfer(input);
      expect(q.rolloverCents + q.excessCents).toBe(paid - refunded);
      expect(q.rolloverCents + q.principalCents).toBe(input.newPrincipalCents + q.feeCents);
      expect(q.feeCents).toBe(input.previousTransfers === 0 ? 0 : input.feeCents);
      expect(q.excessCents > 0 && q.principalCents > 0).toBe(false);
      for (const v of [q.feeCents, q.rolloverCents, q.excessCents, q.principalCents, q.depositCents]) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
      }
      expect(q.depositCents).toBeLessThanOrEqual(q.principalCents);
    }
  });

  /** A first transfer A → B of a random enrollment: what was paid on A, refunded of it, and B's plan. */
  const firstTransfer = () => {
    const paidA = int(0, 1_500_000);
    const refundedA = rand() < 0.3 ? int(0, paidA) : 0;
    const priceB = int(0, 1_500_000);
    const q1 = computeTransfer({
      previousTransfers: 0,
      feeCents: int(0, MAX_TRANSFER_FEE_CENTS),
      paidCents: paidTowardPlanCents({ principalPaidCents: paidA, rolloverCents: 0 }),
      refundedCents: refundedA,
      newPrincipalCents: priceB,
      newDepositCents: int(0, 200_000),
    });
    // Paid on B afterwards: no more than B's principal (what the rollover left owed).
    const paidB = int(0, q1.principalCents);
    return { paidA, refundedA, priceB, q1, paidB };
  };

  test('chain, transfer then transfer: the second rolls over everything paid toward the enrollment; money conserved over the chain; nothing negative', () => {
    for (let i = 0; i < 2_500; i++) {
      const { paidA, refundedA, q1, paidB } = firstTransfer();
      const paid = paidTowardPlanCents({ principalPaidCents: paidB, rolloverCents: q1.rolloverCents });
      const refundedB = rand() < 0.2 ? int(0, paid) : 0;
      const priceC = int(0, 1_500_000);
      const q2 = computeTransfer({
        previousTransfers: 1,
        feeCents: int(0, MAX_TRANSFER_FEE_CENTS),
        paidCents: paid,
        refundedCents: refundedB,
        newPrincipalCents: priceC,
        newDepositCents: int(0, 200_000),
      });
      // Every cent the student paid (on A and on B) is refunded, or rolled over to C.
      expect(paidA + paidB).toBe(refundedA + q1.excessCents + refundedB + q2.excessCents + q2.rolloverCents);
      expect(q2.rolloverCents + q2.principalCents).toBe(priceC + q2.feeCents);
      // With nothing refunded, C's rollover is all that was paid, up to C's price + fee.
      if (refundedA === 0 && refundedB === 0 && q1.excessCents === 0) expect(q2.rolloverCents).toBe(Math.min(paidA + paidB, priceC + q2.feeCents));
      for (const v of [q2.feeCents, q2.rolloverCents, q2.excessCents, q2.principalCents, q2.depositCents]) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
      }
    }
  });

  test('chain, transfer then withdrawal: the class costs its full price (principal + rollover); paid counts the rollover; money conserved over the chain; nothing negative', () => {
    let refunds = 0;
    let reissues = 0;
    for (let i = 0; i < 2_500; i++) {
      const { paidA, refundedA, priceB, q1, paidB } = firstTransfer();
      const charges = responsibilityBaseCents({ principalCents: q1.principalCents, rolloverCents: q1.rolloverCents });
      // The first transfer is free: B's plan costs what B costs reached directly.
      expect(charges).toBe(priceB);
      const fee = int(0, Math.min(20_000, charges));
      const start = day('2027-01-01', 200);
      const courses = splitEvenly(charges - fee, int(1, 3)).map((chargeCents, k) => ({
        startDate: start,
        endDate: day(start, 365),
        chargeCents,
        withdrawn: k === 0 || rand() < 0.5,
      }));
      const paid = paidTowardPlanCents({ principalPaidCents: paidB, rolloverCents: q1.rolloverCents });
      const refundedB = rand() < 0.2 ? int(0, paid) : 0;
      const input = {
        settings,
        signedDate: null,
        effectiveDate: day('2026-12-15', 600),
        registrationFeeCents: fee,
        courses,
        paidCents: paid,
        refundedCents: refundedB,
        taxPaidCents: 0,
        taxRefundedCents: 0,
      };
      const f = withdrawalFigures(input);
      const q = computeWithdrawal({ ...input, installmentCents: f.reissuedCents > 0 ? int(Math.ceil(f.reissuedCents / 120), f.reissuedCents) : null, firstDueDate: '2027-06-01' });
      if (q.refundCents > 0) refunds++;
      if (q.reissuedCents > 0) reissues++;
      expect(q.chargesCents).toBe(priceB);
      expect(q.chargesCents).toBe(q.responsibilityCents + q.reductionCents);
      // What B's plan took in (paid on B + the rollover from A) + what stays owed = responsibility + refunds.
      const alreadyRefunded = Math.max(0, paid - q.responsibilityCents) - q.refundCents;
      expect(alreadyRefunded).toBeLessThanOrEqual(refundedB);
      expect(paid + q.reissuedCents).toBe(q.responsibilityCents + q.refundCents + alreadyRefunded);
      // Over the chain: every cent paid on A and on B is owed (responsibility) or comes back.
      expect(paidA + paidB + q.reissuedCents).toBe(refundedA + q1.excessCents + q.responsibilityCents + q.refundCents + alreadyRefunded);
      expect(q.refundCents).toBeLessThanOrEqual(paid - refundedB);
      for (const v of [q.responsibilityCents, q.reductionCents, q.refundCents, q.reissuedCents, alreadyRefunded]) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
      }
    }
    expect(refunds).toBeGreaterThan(100);
    expect(reissues).toBeGreaterThan(100);
  });

  test('the reissued schedule sums to its balance, monthly', () => {
    for (let i = 0; i < 2_000; i++) {
      const balance = int(1, 2_000_000);
      const inst = int(Math.max(1, Math.ceil(balance / 200)), balance);
      const entries = reissueSchedule(balance, inst, '2027-01-31');
      expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(balance);
      expect(entries.every((e, k) => e.amountCents > 0 && (k === entries.length - 1 || e.amountCents === inst))).toBe(true);
    }
  });
});
