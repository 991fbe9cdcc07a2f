import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, expectHeading, helperOf, renderPortal, storeSession, studentRecord } from './helpers';
import { paymentsEn, paymentsEs } from '../../portal/src/screens/payments/i18n';
import { prePayError } from '../../portal/src/screens/payments/MakePaymentScreen';
import { billingFake, ledgerRows, ok, planDetail, refusal } from './billing-fake';

beforeEach(() => localStorage.clear());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const sections = () => screen.getByRole('tablist', { name: 'Settings' });
const openTab = (name: string) => fireEvent.click(within(sections()).getByRole('tab', { name }));
/** The term → value pairs of a description list. */
const termsOf = (testId: string) => {
  const list = screen.getByTestId(testId);
  const terms = [...list.querySelectorAll('dt')].map((dt) => dt.textContent);
  const values = [...list.querySelectorAll('dd')].map((dd) => dd.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
};
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('payment information', () => {
  test('the overview shows the financial status, the amounts and the way to pay; the tabs are the spec’s, in its order', async () => {
    storeSession();
    const fake = billingFake();
    renderPortal('/settings/payment-information', fake.fetch);
    await expectHeading('Monthly plan', 2);
    expect(fake.callsTo('GET', '/students/7/payment_plans')).toHaveLength(1);
    expect(termsOf('overview-terms')).toEqual({
      'Financial status': 'Past due',
      'Days overdue': '12',
      'Plan status': 'Active',
      'Next payment': '$496.52 due 06-01-2026',
      'Amount due now': '$496.52',
      'Past due': '$496.52',
      Balance: '$5,458.24',
    });
    expect(screen.getByRole('link', { name: 'Make a payment' }).getAttribute('href')).toBe('/payments/make?planId=90');
    // One plan: no chooser. The Settings tabs (the spec's sections, in its order) and the navigation point here.
    expect(screen.queryByLabelText('Payment plan')).toBeNull();
    expect(
      within(sections())
        .getAllByRole('tab')
        .map((tab) => tab.textContent)
        .slice(3),
    ).toEqual(['Payment information', 'Payment method', 'Plan terms', 'Account history', 'CRM history', 'Gateway history', 'Refunds', 'Purchases', 'Card-provider history']);
    expect(within(sections()).getByRole('tab', { selected: true }).textContent).toBe('Payment information');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const payments = within(nav).getByRole('link', { name: 'Payments' });
    expect([payments.getAttribute('href'), payments.getAttribute('aria-current')]).toEqual(['/settings/payment-information', 'page']);
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBeNull();
  });

  test('with several plans a chooser picks one (kept in ?planId=)', async () => {
    storeSession();
    const fake = billingFake({
      plans: [
        planDetail(),
        planDetail({
          id: 91,
          applicationId: 6,
          name: 'Pay in full',
          status: 'COMPLETED',
          financialStatus: 'GOOD',
          daysOverdue: 0,
          balance: 0,
          totalPastDueAmount: 0,
          amountDueNow: 0,
          payoffAmount: 0,
          maxPrePayAmount: 0,
          nextPaymentSchedule: null,
          programName: 'Gut Health Specialist',
        }),
      ],
    });
    renderPortal('/settings/payment-information', fake.fetch);
    await expectHeading('Monthly plan', 2);
    const chooser = screen.getByLabelText('Payment plan') as HTMLSelectElement;
    expect([...chooser.options].map((o) => o.textContent)).toEqual(['Monthly plan · Health Coach Training Program (Active)', 'Pay in full · Gut Health Specialist (Paid off)']);
    fireEvent.change(chooser, { target: { value: '91' } });
    await expectHeading('Pay in full', 2);
    expect(currentLocation()).toBe('/settings/payment-information?planId=91');
    expect(termsOf('overview-terms')['Financial status']).toBe('Good');
    expect(termsOf('overview-terms')['Next payment']).toBe('Nothing left to pay');
    expect(screen.getByTestId('paid-off').textContent).toBe('This plan is paid off. Thank you!');
    expect(screen.queryByRole('link', { name: 'Make a payment' })).toBeNull();
    // The tabs keep the chosen plan.
    expect(within(sections()).getByRole('tab', { name: 'Refunds' }).getAttribute('href')).toBe('/settings/payment-information/refunds?planId=91');
  });

  test('without a plan the overview says so; cards stay manageable', async () => {
    storeSession();
    const fake = billingFake({ plans: [] });
    renderPortal('/settings/payment-information', fake.fetch);
    expect((await screen.findByTestId('no-plans')).textContent).toBe('You have no payment plan yet. Your plan shows here once your enrollment is accepted.');
    openTab('Payment method');
    expect(await screen.findByTestId('card-71')).toBeInstanceOf(HTMLElement);
    expect(currentLocation()).toBe('/settings/payment-information/payment-method');
  });

  test('the auto-pay switch calls PATCH /payment_plans/{id}/auto_pay and shows the new state', async () => {
    storeSession();
    const fake = billingFake();
    renderPortal('/settings/payment-information', fake.fetch);
    const toggle = (await screen.findByRole('switch', { name: 'Auto-pay' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect((await screen.findByTestId('auto-pay-saved')).textContent).toBe('Auto-pay enabled.');
    expect(fake.callsTo('PATCH', '/payment_plans/90/auto_pay').map((c) => c.body)).toEqual([{ autoPay: true }]);
    expect((screen.getByRole('switch', { name: 'Auto-pay' }) as HTMLInputElement).checked).toBe(true);
    const help = screen.getByRole('switch', { name: 'Auto-pay' }).getAttribute('aria-describedby');
    expect(document.getElementById(help!)?.textContent).toBe('Auto-pay is on: each installment is charged to your card on its due date.');
    fireEvent.click(screen.getByRole('switch', { name: 'Auto-pay' }));
    await waitFor(() => expect(screen.getByTestId('auto-pay-saved').textContent).toBe('Auto-pay disabled.'));
    expect(fake.callsTo('PATCH', '/payment_plans/90/auto_pay').map((c) => c.body)).toEqual([{ autoPay: true }, { autoPay: false }]);
  });

  test('a refused auto-pay change shows the server’s message and leaves the switch as it was', async () => {
    storeSession();
    const fake = billingFake({ routes: { 'PATCH /payment_plans/90/auto_pay': refusal(409, 'PAYMENT_METHOD_REQUIRED', 'Payment method required') } });
    renderPortal('/settings/payment-information', fake.fetch);
    fireEvent.click(await screen.findByRole('switch', { name: 'Auto-pay' }));
    expect((await screen.findByTestId('auto-pay-error')).textContent).toBe('Payment method required');
    expect((screen.getByRole('switch', { name: 'Auto-pay' }) as HTMLInputElement).checked).toBe(false);
  });

  test('plan terms: the terms and the breakdown in the spec’s words, and the schedule', async () => {
    storeSession();
    const fake = billingFake();
    renderPortal('/settings/payment-information/plan-terms', fake.fetch);
    await expectHeading('Plan terms', 2);
    expect(termsOf('plan-terms')).toEqual({
      Description: 'Deposit and 12 monthly installments',
      'Installment amount': '$496.52',
      'Total owed': '$6,458.24',
      'Amount due': '$496.52',
      'Interest rate': '9.9 %',
      'Deposit amount': '$500.00',
      'Installment count': '12',
      'Tax amount': '$0.00',
      'Amount paid': '$1,000.00',
      'Payment due date': '06-01-2026',
      'Capture method': 'Manual',
      Currency: 'USD',
      Status: 'Active',
      'Payment method': 'Visa •••• 4242',
    });
    expect(termsOf('plan-breakdown')).toEqual({
      'Tuition rollover': '$0.00',
      'Withdrawal reduction': '$0.00',
      'Transfer reduction': '$0.00',
      'Withdrawal refund': '$0.00',
      'Voucher refund': '$0.00',
      'Additional refund': '$0.00',
      'Total taxes paid to date': '$0.00',
      'Total interest on plan': '$308.24',
      'Principal paid': '$950.50',
      'Net tuition': '$6,150.00',
      'Total paid to date': '$1,000.00',
      'Total refunded to date': '$0.00',
      'Total remaining': '$5,458.24',
    });
    expect(cellsOf(screen.getByTestId('schedule-302'))).toEqual(['3', '06-01-2026', '$496.52', '$0.00', '$0.00', '$496.52', 'Pending']);
    expect(cellsOf(screen.getByTestId('schedule-300'))).toEqual(['1', '04-01-2026', '$500.00', '$0.00', '$500.00', '$0.00', 'Paid']);
    expect(within(screen.getByRole('tablist', { name: 'Settings' })).getByRole('tab', { selected: true }).textContent).toBe('Plan terms');
  });

  test('account history: ten rows a page by event date ascending, with the spec’s columns', async () => {
    storeSession();
    const fake = billingFake({ ledger: ledgerRows(12) });
    renderPortal('/settings/payment-information', fake.fetch);
    await expectHeading('Monthly plan', 2);
    openTab('Account history');
    const table = await screen.findByRole('table', { name: 'Account history' });
    expect(fake.callsTo('GET', '/students/7/account_history')[0].query).toBe('applicationId=5&size=10&page=0&sortBy=eventDate&descending=false');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Date',
      'Description',
      'Program',
      'Principal',
      'Tax',
      'Total',
      'Account balance',
      'Principal balance',
      'Card or bank last 4',
      'Reference number',
      'Comment',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(cellsOf(screen.getByTestId('ledger-500'))).toEqual([
      '01-02-2026',
      'Plan issuedPlan issued: Monthly plan',
      'Health Coach Training Program',
      '$6,150.00',
      '$0.00',
      '$6,458.24',
      '$6,458.24',
      '$6,150.00',
      '',
      '',
      '',
    ]);
    expect(cellsOf(screen.getByTestId('ledger-501'))).toEqual([
      '01-15-2026',
      'PaymentInstallment 1',
      'Health Coach Training Program',
      '$450.50',
      '$0.00',
      '$496.52',
      '$5,961.72',
      '$5,699.50',
      '4242',
      'P-1',
      'Paid by phone',
    ]);
    expect(screen.getByTestId('account-history-page').textContent).toBe('Page 1 of 2');
    click('Next');
    await waitFor(() => expect(screen.getByTestId('account-history-page').textContent).toBe('Page 2 of 2'));
    expect(fake.callsTo('GET', '/students/7/account_history')[1].query).toBe('applicationId=5&size=10&page=1&sortBy=eventDate&descending=false');
    expect(within(screen.getByRole('table', { name: 'Account history' })).getAllByRole('row')).toHaveLength(3);
    expect(currentLocation()).toBe('/settings/payment-information/account-history');
  });

  test('CRM history: what was reported about the application and whether it was delivered, newest first, ten a page', async () => {
    storeSession();
    const fake = billingFake();
    renderPortal('/settings/payment-information/crm-history', fake.fetch);
    await expectHeading('CRM history', 2);
    expect(screen.getByTestId('crm-intro').textContent).toContain("reported to the institute's CRM (Salesforce)");
    expect(termsOf('crm-terms')).toEqual({ Application: 'No. 5 · Enrolled', Program: 'Health Coach Training Program' });
    const table = await screen.findByRole('table', { name: 'CRM history' });
    expect(fake.callsTo('GET', '/applications/5/salesforce_notifications')[0].query).toBe('size=10&page=0&sortBy=id&descending=true');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Date', 'Update', 'Delivery', 'Delivered on']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(cellsOf(screen.getByTestId('crm-620'))).toEqual(['01-20-2026, 10:00 AM ET', 'Application status: Signed → Enrolled', 'Not delivered yet', '']);
    expect(cellsOf(screen.getByTestId('crm-619'))).toEqual(['01-19-2026, 10:00 AM ET', 'Application status: Created → Applied', 'Delivered', '01-19-2026, 10:01 AM ET']);
    expect(screen.getByTestId('crm-page').textContent).toBe('Page 1 of 2');
    click('Next');
    await waitFor(() => expect(screen.getByTestId('crm-page').textContent).toBe('Page 2 of 2'));
    expect(fake.callsTo('GET', '/applications/5/salesforce_notifications')[1].query).toBe('size=10&page=1&sortBy=id&descending=true');
    expect(within(screen.getByRole('table', { name: 'CRM history' })).getAllByRole('row')).toHaveLength(2);
    expect(cellsOf(screen.getByTestId('crm-610'))).toEqual(['01-10-2026, 10:00 AM ET', 'Application status: Created → Applied', 'Delivered', '01-10-2026, 10:01 AM ET']);
  });

  test('CRM history with nothing reported yet says so', async () => {
    storeSession();
    const fake = billingFake({ routes: { 'GET /applications/5/salesforce_notifications': ok({ content: [], pagination: { total: 0, page: 0, size: 10 } }) } });
    renderPortal('/settings/payment-information/crm-history', fake.fetch);
    expect((await screen.findByTestId('crm-history-none')).textContent).toBe('Nothing has been reported to the CRM about this application yet.');
  });

  test('in Spanish the gateway history reads in Spanish: the operations, the statuses and the sentences', async () => {
    storeSession({ language: 'ES' });
    const fake = billingFake({ routes: { 'GET /students/7': ok(studentRecord({ languageIso2LetterCode: 'ES' })) } });
    renderPortal('/settings/payment-information/gateway-history', fake.fetch);
    await screen.findByRole('table', { name: 'Historial de la pasarela' });
    expect(cellsOf(screen.getByTestId('gateway-903'))[2]).toBe('Disputa');
    expect(cellsOf(screen.getByTestId('gateway-903')).slice(4)).toEqual(['En disputa', 'P-1', 'Este pago se disputó ante el banco de la tarjeta']);
    expect(cellsOf(screen.getByTestId('gateway-902')).slice(4)).toEqual(['Fallido', 'R-60', 'El reembolso a la tarjeta no se realizó']);
    expect(cellsOf(screen.getByTestId('gateway-901')).slice(4)).toEqual(['Fallido', 'P-2', 'El pago con tarjeta no se realizó']);
  });

  test('gateway history, refunds, purchases and card-provider history', async () => {
    storeSession();
    const fake = billingFake();
    renderPortal('/settings/payment-information/gateway-history', fake.fetch);
    await screen.findByRole('table', { name: 'Gateway history' });
    expect(cellsOf(screen.getByTestId('gateway-903'))).toEqual([
      '05-04-2026, 10:00 AM ET',
      'Sandbox',
      'Dispute',
      '$496.52',
      'Disputed',
      'P-1',
      "This payment was disputed with the card's bank",
    ]);
    expect(cellsOf(screen.getByTestId('gateway-902'))).toEqual([
      '05-03-2026, 10:00 AM ET',
      'Sandbox',
      'Refund',
      '$50.00',
      'Failed',
      'R-60',
      'The refund to the card did not go through',
    ]);
    expect(cellsOf(screen.getByTestId('gateway-900'))).toEqual(['05-02-2026, 10:00 AM ET', 'Sandbox', 'Charge', '$496.52', 'Succeeded', 'P-1', '']);
    expect(cellsOf(screen.getByTestId('gateway-901'))).toEqual(['05-01-2026, 10:00 AM ET', 'Sandbox', 'Charge', '$496.52', 'Failed', 'P-2', 'The card payment did not go through']);

    openTab('Refunds');
    await screen.findByRole('table', { name: 'Refunds' });
    expect(fake.callsTo('GET', '/students/7/refunds')[0].query).toBe('applicationId=5&size=50&page=0');
    expect(cellsOf(screen.getByTestId('refund-60'))).toEqual(['05-10-2026', 'Voucher', 'Completed', 'Refunded', '$100.00', '$0.00', '$100.00', 'R-60']);

    openTab('Purchases');
    expect((await screen.findByTestId('purchases-none')).textContent).toBe('You have no purchases of extra products.');

    openTab('Card-provider history');
    await screen.findByRole('table', { name: 'Card-provider history' });
    expect(fake.callsTo('GET', '/students/7/authorize_net_history')[0].query).toBe('size=10&page=0');
    expect(cellsOf(screen.getByTestId('card-provider-950'))).toEqual(['03-10-2024, 12:00 PM ET', 'Authorize.Net', 'Charge', '$250.00', 'Succeeded', '', '']);

    openTab('Communication preferences');
    expect((await screen.findByRole('switch', { name: 'SMS' })) as HTMLInputElement).toHaveProperty('checked', true);
  });

  test('in Spanish each account-history line says what happened in Spanish, and card-provider events read by their labels', async () => {
    storeSession({ language: 'ES' });
    const ledger = [
      { ...ledgerRows(1)[0], description: 'Payment plan issued: Monthly plan', descriptionKey: 'PLAN_ISSUED', descriptionParams: { plan: 'Monthly plan' } },
      {
        ...ledgerRows(2)[1],
        description: 'Payment of installment 1 (visa ending 4242)',
        descriptionKey: 'PAYMENT_INSTALLMENT',
        descriptionParams: { number: 1, brand: 'visa', last4: '4242' },
      },
      { ...ledgerRows(2)[1], id: 502, kind: 'CHARGEBACK', description: 'Chargeback (dispute lost)', descriptionKey: 'CHARGEBACK', descriptionParams: null },
    ];
    const fake = billingFake({
      ledger,
      routes: {
        'GET /students/7': ok(studentRecord({ languageIso2LetterCode: 'ES' })),
        'GET /students/7/authorize_net_history': ok({
          content: [
            {
              id: 951,
              provider: 'AUTHORIZE_NET',
              kind: 'DISPUTE',
              amount: 250,
              status: 'OPENED',
              reference: 'anet_78',
              message: null,
              paymentId: null,
              createdAt: '2024-03-11T16:00:00Z',
            },
          ],
          pagination: { total: 1, page: 0, size: 10 },
        }),
      },
    });
    renderPortal('/settings/payment-information/account-history', fake.fetch);
    await screen.findByTestId('ledger-500');
    expect([500, 501, 502].map((id) => cellsOf(screen.getByTestId(`ledger-${id}`))[1])).toEqual([
      'Plan emitidoPlan de pago emitido: Monthly plan',
      'PagoPago de la cuota 1 (visa terminada en 4242)',
      'ContracargoContracargo (disputa perdida)',
    ]);

    renderPortal('/settings/payment-information/card-provider-history', fake.fetch);
    await screen.findByTestId('card-provider-951');
    expect(cellsOf(screen.getByTestId('card-provider-951')).slice(1, 5)).toEqual(['Authorize.Net', 'Disputa', '$250.00', 'En disputa']);
  });

  test('a history the student may not read says so instead of failing', async () => {
    storeSession();
    const fake = billingFake({ routes: { 'GET /students/7/refunds': refusal(403, 'FORBIDDEN', 'You do not have permission to do this') } });
    renderPortal('/settings/payment-information/refunds', fake.fetch);
    expect((await screen.findByTestId('refunds-unavailable')).textContent).toBe('This history is not available in the portal. Please contact student support.');
    expect(currentLocation()).toBe('/settings/payment-information/refunds');
  });
});

describe('cards', () => {
  test('make another card the default; deleting a card the server refuses shows its message; another is deleted', async () => {
    storeSession();
    const fake = billingFake();
    renderPortal('/settings/payment-information/payment-method', fake.fetch);
    const visa = await screen.findByTestId('card-71');
    expect(visa.textContent).toContain('Visa •••• 4242, expires 12/30');
    expect(within(visa).getByText('Default').textContent).toBe('Default');
    expect(within(visa).getByText('Card of this plan').textContent).toBe('Card of this plan');
    expect(within(visa).queryByRole('button', { name: 'Make Visa •••• 4242 the default card' })).toBeNull();

    click('Make Mastercard •••• 4444 the default card');
    expect((await screen.findByTestId('cards-notice')).textContent).toBe('Mastercard •••• 4444 is now your default card.');
    expect(fake.callsTo('PUT', '/students/7/payment_methods/72/default')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByTestId('card-72')).getByText('Default').textContent).toBe('Default'));
    expect(within(screen.getByTestId('card-71')).queryByText('Default')).toBeNull();

    // Delete asks first; the server refuses (the card pays a pending installment).
    click('Delete Visa •••• 4242');
    expect(screen.getByRole('group', { name: 'Delete Visa •••• 4242?' }).textContent).toContain('Delete Visa •••• 4242?');
    expect(fake.callsTo('DELETE', '/students/7/payment_methods/71')).toHaveLength(0);
    click('Yes, delete');
    expect((await screen.findByTestId('cards-error')).textContent).toBe('A method assigned to a pending schedule cannot be deleted');
    expect(fake.callsTo('DELETE', '/students/7/payment_methods/71')).toHaveLength(1);
    expect(screen.getByTestId('card-71').textContent).toContain('Visa •••• 4242');

    // "Keep it" cancels; then the other card is deleted and the list reloaded.
    click('Delete Mastercard •••• 4444');
    click('Keep it');
    expect(screen.queryByRole('group', { name: 'Delete Mastercard •••• 4444?' })).toBeNull();
    click('Delete Mastercard •••• 4444');
    click('Yes, delete');
    expect((await screen.findByTestId('cards-notice')).textContent).toBe('Mastercard •••• 4444 was deleted.');
    expect(fake.callsTo('DELETE', '/students/7/payment_methods/72')).toHaveLength(1);
    expect(screen.queryByTestId('card-72')).toBeNull();
    expect(fake.state.cards.map((c) => c.id)).toEqual([71]);
  });

  test('a card is added with the enrollment card form (sandbox token, then attach)', async () => {
    storeSession();
    const fake = billingFake({
      routes: {
        'POST /payment_gateway/sandbox/tokens': ok({ id: 'tok_sandbox_visa_1881' }, 201),
        'POST /students/7/payment_methods': () => {
          fake.state.cards.push({ id: 73, brand: 'visa', last4: '1881', expMonth: 1, expYear: 2031, isDefault: false });
          return ok(fake.state.cards[fake.state.cards.length - 1], 201);
        },
      },
    });
    renderPortal('/settings/payment-information/payment-method', fake.fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4012 8888 8888 1881' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '01/31' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    click('Add card');
    expect((await screen.findByTestId('cards-notice')).textContent).toBe('Visa •••• 1881 was added.');
    expect(fake.callsTo('POST', '/payment_gateway/sandbox/tokens').map((c) => c.body)).toEqual([{ number: '4012888888881881', expMonth: 1, expYear: 2031, cvc: '123' }]);
    expect(fake.callsTo('POST', '/students/7/payment_methods').map((c) => c.body)).toEqual([{ stripeTokenId: 'tok_sandbox_visa_1881' }]);
    expect(screen.getByTestId('card-73').textContent).toContain('Visa •••• 1881, expires 01/31');
  });
});

describe('make a payment', () => {
  const atForm = async (fake: ReturnType<typeof billingFake>) => {
    renderPortal('/payments/make?planId=90', fake.fetch);
    await expectHeading('Make a payment');
    await screen.findByRole('radio', { name: 'Pre-pay' });
  };
  const typeAmount = (value: string) => fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value } });

  test('pre-pay: the spec’s client checks, each with its message, and nothing is sent', async () => {
    storeSession();
    const fake = billingFake();
    await atForm(fake);
    fireEvent.click(screen.getByRole('radio', { name: 'Pre-pay' }));
    expect(screen.getByTestId('payment-kind-hint').textContent).toBe(
      'Pay part of your balance ahead, up to $5,000.00. What is due now ($496.52) is paid first; the rest lowers your principal and your next installments.',
    );
    expect(helperOf('Amount (USD)')).toBe('Maximum pre-pay: $5,000.00');
    const cases: Array<[string, string]> = [
      ['', 'This field is required'],
      ['12.345', 'Invalid value'],
      ['0.50', 'The payment amount must be greater than 0.50'],
      ['5000.50', 'process a pay-off instead a pre-pay'],
      ['6000', 'process a pay-off instead a pre-pay'],
      ['5000.20', "don't leave a balance of $0.30, try paying off the full remaining amount $5,000.50"],
      ['100', 'Amount lower than to be paid'],
    ];
    for (const [amount, message] of cases) {
      typeAmount(amount);
      click(/^Pay( |$)/);
      await waitFor(() => expect([amount, helperOf('Amount (USD)')]).toEqual([amount, message]));
    }
    expect(fake.sentTo('POST', '/students/7/payment_plans/90/payments')).toEqual([]);
    // The same rules as a function (the pre-pay maximum passes).
    expect(prePayError('5,000.00', { payoffAmount: 5000.5, amountDueNow: 496.52 })).toBeNull();
    expect(prePayError('$1,234.5', { payoffAmount: 5000.5, amountDueNow: 496.52 })).toBeNull();
  });

  test('in Spanish the pre-pay messages read in Spanish', async () => {
    storeSession({ language: 'ES' });
    const fake = billingFake({ routes: { 'GET /students/7': ok(studentRecord({ languageIso2LetterCode: 'ES' })) } });
    renderPortal('/payments/make?planId=90', fake.fetch);
    await expectHeading('Hacer un pago');
    fireEvent.click(await screen.findByRole('radio', { name: 'Prepago' }));
    fireEvent.change(screen.getByLabelText('Monto (USD)'), { target: { value: '5000.20' } });
    click(/^Pagar/);
    await waitFor(() => expect(helperOf('Monto (USD)')).toBe('no deje un saldo de $0.30, intente pagar el total restante $5,000.50'));
    fireEvent.change(screen.getByLabelText('Monto (USD)'), { target: { value: '5000.50' } });
    click(/^Pagar/);
    await waitFor(() => expect(helperOf('Monto (USD)')).toBe('realice una liquidación total en lugar de un prepago'));
  });

  test('paying the next installment sends the Idempotency-Key and shows the posting note', async () => {
    storeSession();
    const fake = billingFake();
    await atForm(fake);
    expect((screen.getByRole('radio', { name: 'Pay next installment' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('payment-kind-hint').textContent).toBe('Installment 3, due 06-01-2026: $496.52.');
    // The default card is preselected.
    expect((screen.getByRole('radio', { name: 'Visa •••• 4242, expires 12/30' }) as HTMLInputElement).checked).toBe(true);
    click('Pay $496.52');
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you, your payment was received' })).toBeInstanceOf(HTMLElement);
    const [sent] = fake.sentTo('POST', '/students/7/payment_plans/90/payments');
    expect(sent.body).toEqual({ type: 'INSTALLMENT', amount: 496.52, paymentMethodId: 71 });
    expect(sent.headers['Idempotency-Key']).toMatch(UUID);
    expect(screen.getByTestId('payment-summary').textContent).toBe('Installment of $496.52 with Visa •••• 4242.');
    expect(screen.getByTestId('payment-reference').textContent).toBe('Reference: P-800');
    expect(screen.getByTestId('posting-note').textContent).toBe('A card payment typically posts in 1-2 days. A bank payment takes 3 days.');
    expect(screen.getByRole('link', { name: 'Back to payment information' }).getAttribute('href')).toBe('/settings/payment-information?planId=90');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/home');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page');
  });

  test('pre-pay and pay-off send their amounts with the chosen card', async () => {
    storeSession();
    const fake = billingFake();
    await atForm(fake);
    fireEvent.click(screen.getByRole('radio', { name: 'Pre-pay' }));
    typeAmount('1,200.5');
    fireEvent.click(screen.getByRole('radio', { name: 'Mastercard •••• 4444, expires 03/29' }));
    click('Pay $1,200.50');
    expect((await screen.findByTestId('payment-summary')).textContent).toBe('Pre-pay of $1,200.50 with Mastercard •••• 4444.');
    expect(fake.sentTo('POST', '/students/7/payment_plans/90/payments').map((c) => c.body)).toEqual([{ type: 'PRE_PAY', amount: 1200.5, paymentMethodId: 72 }]);
  });

  test('pay-off: the amount is fixed at the pay-off amount', async () => {
    storeSession();
    const fake = billingFake();
    await atForm(fake);
    fireEvent.click(screen.getByRole('radio', { name: 'Pay off' }));
    expect(screen.queryByLabelText('Amount (USD)')).toBeNull();
    expect(screen.getByTestId('payment-kind-hint').textContent).toBe('Pay everything that remains on the plan: $5,000.50. Interest not yet accrued is forgiven.');
    click('Pay $5,000.50');
    await screen.findByTestId('payment-done');
    expect(fake.sentTo('POST', '/students/7/payment_plans/90/payments').map((c) => c.body)).toEqual([{ type: 'PAY_OFF', amount: 5000.5, paymentMethodId: 71 }]);
  });

  test('a server 409 is shown in the portal’s language; a retry after it uses a new key', async () => {
    storeSession({ language: 'ES' });
    const answers = [refusal(409, 'PAYMENT_IN_PROGRESS', 'Another payment in progress'), refusal(409, 'PAYMENT_FAILURE', 'Payment failure Your card was declined')];
    const fake = billingFake({
      routes: {
        'GET /students/7': ok(studentRecord({ languageIso2LetterCode: 'ES' })),
        'POST /students/7/payment_plans/90/payments': () => answers.shift() ?? ok({}, 500),
      },
    });
    renderPortal('/payments/make?planId=90', fake.fetch);
    await expectHeading('Hacer un pago');
    fireEvent.click(await screen.findByRole('button', { name: 'Pagar $496.52' }));
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Hay otro pago en curso');
    click('Pagar $496.52');
    await waitFor(() => expect(screen.getByTestId('payment-error').textContent).toBe('Error en el pago Your card was declined'));
    const keys = fake.sentTo('POST', '/students/7/payment_plans/90/payments').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
  });

  test('a retry after an unknown outcome (network failure) sends the same key; a changed submission a new one', async () => {
    storeSession();
    let failNext = 2;
    const fake = billingFake();
    const fetch = async (url: string, init: RequestInit) => {
      if (url.includes('/payments') && init.method === 'POST' && failNext > 0) {
        failNext--;
        fake.sent.push({
          method: 'POST',
          path: '/students/7/payment_plans/90/payments',
          query: '',
          body: JSON.parse(String(init.body)),
          headers: { ...(init.headers as Record<string, string>) },
        });
        throw new TypeError('Failed to fetch');
      }
      return fake.fetch(url, init);
    };
    renderPortal('/payments/make?planId=90', fetch);
    await screen.findByRole('radio', { name: 'Pre-pay' });
    click('Pay $496.52');
    expect((await screen.findByTestId('payment-error')).textContent).toBe('An error found, please try again.');
    click('Pay $496.52');
    await waitFor(() => expect(fake.sentTo('POST', '/students/7/payment_plans/90/payments')).toHaveLength(2));
    // Another card: another submission, another key (and this one goes through).
    fireEvent.click(await screen.findByRole('radio', { name: 'Mastercard •••• 4444, expires 03/29' }));
    click('Pay $496.52');
    await screen.findByTestId('payment-done');
    const keys = fake.sentTo('POST', '/students/7/payment_plans/90/payments').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys.every((k) => UUID.test(k))).toBe(true);
  });

  test('a server field error on the amount shows under the field', async () => {
    storeSession();
    const fake = billingFake({
      routes: { 'POST /students/7/payment_plans/90/payments': refusal(400, 'VALIDATION_ERROR', 'Validation failed', { amount: 'The payment amount must be greater than 0.50' }) },
    });
    await atForm(fake);
    fireEvent.click(screen.getByRole('radio', { name: 'Pre-pay' }));
    typeAmount('600');
    click('Pay $600.00');
    await waitFor(() => expect(helperOf('Amount (USD)')).toBe('The payment amount must be greater than 0.50'));
    expect(fake.sentTo('POST', '/students/7/payment_plans/90/payments')).toHaveLength(1);
  });

  test('an unknown plan, a paid-off plan and a blocked one offer no form', async () => {
    storeSession();
    const fake = billingFake({ plans: [planDetail({ id: 90, paymentAccountBlocked: true }), planDetail({ id: 92, status: 'COMPLETED', payoffAmount: 0, balance: 0 })] });
    const { unmount } = renderPortal('/payments/make?planId=999', fake.fetch);
    expect((await screen.findByTestId('plan-not-found')).textContent).toBe('This payment plan was not found.');
    expect(screen.getByRole('link', { name: 'Back to payment information' }).getAttribute('href')).toBe('/settings/payment-information');
    unmount();
    const second = renderPortal('/payments/make?planId=90', fake.fetch);
    expect((await screen.findByTestId('nothing-due')).textContent).toBe('Online payments are disabled for this plan. Please contact student support.');
    second.unmount();
    renderPortal('/payments/make?planId=92', fake.fetch);
    expect((await screen.findByTestId('nothing-due')).textContent).toBe('There is nothing left to pay on this plan.');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  test('the overview links to the form and the home page shows the payment card', async () => {
    storeSession();
    const fake = billingFake();
    renderPortal('/home', fake.fetch);
    const card = await screen.findByTestId('home-payments');
    expect(within(card).getByRole('heading', { name: 'Payments' }).textContent).toBe('Payments');
    expect(card.textContent).toContain('Past due: $496.52. Please make a payment.');
    expect(within(card).getByRole('link', { name: 'Payment information' }).getAttribute('href')).toBe('/settings/payment-information');
    fireEvent.click(within(card).getByRole('link', { name: 'Make a payment' }));
    await expectHeading('Make a payment');
    expect(currentLocation()).toBe('/payments/make?planId=90');
  });
});

describe('dictionaries', () => {
  test('Spanish has every English key of the payment screens, none empty, with the same placeholders', () => {
    expect(Object.keys(paymentsEs).sort()).toEqual(Object.keys(paymentsEn).sort());
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(paymentsEn) as Array<keyof typeof paymentsEn>) {
      expect([key, paymentsEs[key].trim().length > 0]).toEqual([key, true]);
      expect([key, placeholders(paymentsEs[key])]).toEqual([key, placeholders(paymentsEn[key])]);
    }
  });
});
