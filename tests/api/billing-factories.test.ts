import { PaymentMethod } from '../../models';
import { SandboxGateway } from '../../api/integrations/sandbox-gateway';
import { makeEnrolledPlan } from '../support/billing-factories';
import { setupApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

describe('billing factories', () => {
  test('an enrolled plan with a chargeable card, backdated two months', async () => {
    const e = await makeEnrolledPlan(t.deps, { backdateMonths: 2 });
    expect(e.plan.applicationId).toBe(e.application.id);
    expect(e.entries.length).toBe(13);
    expect(e.entries[0].kind).toBe('DEPOSIT');
    expect(await PaymentMethod.count({ where: { studentId: e.student.student.id } })).toBe(1);
    const charge = await new SandboxGateway().charge({
      amountCents: 500_00,
      currency: 'usd',
      customerId: e.card.gatewayCustomerId,
      methodId: e.card.gatewayMethodId,
      idempotencyKey: `t-${e.plan.id}`,
      description: 'test',
      metadata: {},
    });
    expect(charge.status).toBe('succeeded');
  });
});
