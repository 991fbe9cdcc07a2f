import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, expectHeading, helperOf, renderPortal, storeSession, studentRecord, valueOf } from './helpers';
import { enrollmentEn, enrollmentEs } from '../../portal/src/screens/enrollment/i18n';
import { AGREEMENT_TEXT, OPTIONS, PERCENT_PLANS, applicationRecord, enrollmentFake, refusal } from './enrollment-fake';
import { classText } from '../../portal/src/screens/enrollment/format';

beforeEach(() => localStorage.clear());

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const bodiesOf = (fake: ReturnType<typeof enrollmentFake>, method: string, path: string) => fake.callsTo(method, path).map((c) => c.body);

async function atStep(title: string, path: string) {
  await expectHeading(title, 2);
  await waitFor(() => expect(currentLocation()).toBe(path));
}

describe('the enrollment steps', () => {
  test('happy path: course → class → personal info + questionnaire → plan → agreement → card → submit → congratulations', async () => {
    storeSession();
    const fake = enrollmentFake();
    renderPortal('/enroll', fake.fetch);

    // 1. Select course: HCTP and DYNAMIC products; a closed one cannot be chosen.
    await atStep('Select course', '/enroll');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toContain('Enrollment');
    const stepper = screen.getByRole('navigation', { name: 'Enrollment steps' });
    expect([...stepper.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '1Select course',
      '2Select class',
      '3Personal info',
      '4Payment plan',
      '5Read and sign agreement',
      '6Payment method',
      '7Submit application',
    ]);
    expect(stepper.querySelector('[aria-current="step"]')?.textContent).toBe('1Select course');
    expect(fake.callsTo('GET', '/products/by_flow_type/HCTP')[0].query).toBe('size=100');
    expect(fake.callsTo('GET', '/products/by_flow_type/DYNAMIC')[0].query).toBe('size=100');
    expect(fake.callsTo('GET', '/applications')[0].query).toBe('size=200');
    expect(screen.getByText('Six months to become a certified health coach.').textContent).toBe('Six months to become a certified health coach.');
    expect(screen.getByText('Tuition: $6,000.00').textContent).toBe('Tuition: $6,000.00');
    expect(screen.getByText('Classes: HCTP January 2027 (01-15-2027)').textContent).toBe('Classes: HCTP January 2027 (01-15-2027)');
    expect((screen.getByRole('radio', { name: 'Gut Health Specialist' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Enrollment for this course is closed.').textContent).toBe('Enrollment for this course is closed.');
    fireEvent.click(screen.getByRole('radio', { name: 'Health Coach Training' }));
    click('Next');

    // 2. Select class: one per program; a full class is disabled.
    await atStep('Select class', '/enroll/5/class');
    expect(bodiesOf(fake, 'POST', '/applications')).toEqual([{ productId: 3 }]);
    expect(screen.getByTestId('enroll-product').textContent).toBe('Health Coach Training');
    expect(screen.getByRole('group', { name: 'Health Coach Training Program' }).textContent).toContain('HCTP March 2027');
    const full = screen.getByRole('radio', { name: /HCTP March 2027/ }) as HTMLInputElement;
    expect(full.disabled).toBe(true);
    expect(screen.getByText(/HCTP March 2027/).parentElement?.textContent).toBe('HCTP March 2027 · 03-15-2027 – 09-15-2027 · Full');
    fireEvent.click(screen.getByRole('radio', { name: 'HCTP January 2027 · 01-15-2027 – 07-15-2027 · 12 seats left' }));
    click('Next');

    // 3. Personal info, prefilled from the student record, saved with the profile body; then the questionnaire.
    await atStep('Personal info', '/enroll/5/personal-info');
    expect(bodiesOf(fake, 'PUT', '/applications/5')).toEqual([{ cohortIds: [21] }]);
    expect(valueOf('First name')).toBe('Ana');
    expect(valueOf('Date of birth')).toBe('05-14-1990');
    expect(valueOf('Mobile phone')).toBe('+13055550123');
    expect(valueOf('Street address')).toBe('1 Main St');
    await waitFor(() => expect(valueOf('Country')).toBe('US'));
    await waitFor(() => expect(valueOf('State')).toBe('FL'));
    change('City', 'Orlando');
    click('Next');
    await expectHeading('A few questions', 3);
    expect(bodiesOf(fake, 'PUT', '/students/7')).toEqual([
      {
        personalInfo: {
          firstName: 'Ana',
          middleName: null,
          lastName: 'Lopez',
          title: 'Dr.',
          suffix: null,
          gender: 'FEMALE',
          dateOfBirth: '1990-05-14',
          educationLevel: 'BACHELOR',
          occupation: 'Nurse',
          militaryMember: false,
        },
        contactInfo: { mobilePhone: '+13055550123', homePhone: null, workPhone: '+13055550999' },
        address: { street1: '1 Main St', street2: null, city: 'Orlando', stateCode: 'FL', zip: '33101', countryCode: 'US' },
      },
    ]);
    expect(bodiesOf(fake, 'POST', '/applications/5/progress')).toEqual([{ step: 'COMPLETE_PERSONAL_INFO' }]);
    click('Next');
    await waitFor(() => expect(helperOf('Why do you want to become a health coach?')).toBe('This field is required'));
    change('Why do you want to become a health coach?', 'To help my patients');
    change('Tell us about your health and wellness background', 'Nurse for 10 years');
    change('How did you hear about us?', 'PODCAST');
    click('Next');

    // 4. Payment plan with the server's previews.
    await atStep('Payment plan', '/enroll/5/payment-plan');
    expect(bodiesOf(fake, 'POST', '/applications/5/answers')).toEqual([
      [
        { questionId: 'motivation', content: 'To help my patients' },
        { questionId: 'healthBackground', content: 'Nurse for 10 years' },
        { questionId: 'referralSource', content: 'PODCAST' },
      ],
    ]);
    expect(bodiesOf(fake, 'POST', '/applications/5/progress')).toEqual([{ step: 'COMPLETE_PERSONAL_INFO' }, { step: 'QUESTIONNAIRE' }]);
    await screen.findByRole('radio', { name: 'Monthly plan' });
    expect(screen.getByTestId('plan-32-terms').textContent).toBe(
      'Monthly plan termsDeposit $500.00 · 12 monthly installments of $496.52 · APR 9.9 % · Total interest $308.24 · Total $6,458.24',
    );
    expect(screen.getByTestId('plan-31-terms').textContent).toBe('Pay in full termsOne payment of $6,150.00 · APR 0 % · Total interest $0.00 · Total $6,150.00');
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly plan' }));
    click('Next');

    // 5. Read and sign the agreement.
    await atStep('Read and sign agreement', '/enroll/5/agreement');
    expect(bodiesOf(fake, 'PUT', '/applications/5')[1]).toEqual({ productPaymentPlanId: 32 });
    expect((await screen.findByRole('document', { name: 'Agreement text' })).textContent).toBe(AGREEMENT_TEXT);
    expect(fake.callsTo('POST', '/applications/5/envelopes')).toHaveLength(1);
    expect(fake.callsTo('GET', '/envelopes/40')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    change('Type your full name', '  ana   LOPEZ ');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and agree' }));
    click('Sign agreement');
    expect((await screen.findByTestId('agreement-signed')).textContent).toBe('Signed by Ana Lopez on 05-01-2026, 2:30 PM ET.');
    expect(bodiesOf(fake, 'POST', '/envelopes/40/sign')).toEqual([{ signedName: 'ana   LOPEZ' }]);
    expect(screen.getByRole('button', { name: 'Download PDF of Enrollment agreement — Health Coach Training' }).tagName).toBe('BUTTON');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false));
    click('Next');

    // 6. Payment method: the sandbox hint, a new card tokenised and attached, then chosen.
    await atStep('Payment method', '/enroll/5/payment-method');
    expect((await screen.findByTestId('not-charged')).textContent).toBe('The credit card is not charged until the application is accepted.');
    expect(screen.getByTestId('sandbox-hint').textContent).toContain('4242 4242 4242 4242');
    change('Card number', '4242 4242 4242 4242');
    change('Expiry (MM/YY)', '12/30');
    change('CVC', '123');
    click('Add card');
    const card = await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/30' });
    expect((card as HTMLInputElement).checked).toBe(true);
    expect(bodiesOf(fake, 'POST', '/payment_gateway/sandbox/tokens')).toEqual([{ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }]);
    expect(bodiesOf(fake, 'POST', '/students/7/payment_methods')).toEqual([{ stripeTokenId: 'tok_sandbox_visa_4242_1230_fp' }]);
    click('Next');

    // 7. Submit: the review, then PATCH status=APPLIED.
    await atStep('Submit application', '/enroll/5/submit');
    expect(bodiesOf(fake, 'PUT', '/applications/5')[2]).toEqual({ paymentMethodId: 70 });
    const review = screen.getByTestId('review');
    expect(within(review).getByTestId('review-course').textContent).toBe('Health Coach Training');
    expect(within(review).getByTestId('review-classes').textContent).toBe('Health Coach Training Program: HCTP January 2027 (01-15-2027 – 07-15-2027)');
    expect(within(review).getByTestId('review-personal-info').textContent).toBe('Complete');
    expect(within(review).getByTestId('review-plan').textContent).toBe('Monthly plan');
    expect(within(review).getByTestId('review-promo').textContent).toBe('None');
    expect(within(review).getByTestId('review-agreement').textContent).toBe('Signed');
    expect(within(review).getByTestId('review-card').textContent).toBe('Visa •••• 4242');
    expect(within(review).getByRole('link', { name: 'Change Payment plan' }).getAttribute('href')).toBe('/enroll/5/payment-plan');
    click('Submit application');

    await expectHeading('Congratulations!');
    expect(currentLocation()).toBe('/enroll/5/congratulations');
    expect(fake.callsTo('PATCH', '/applications/5/status').map((c) => c.query)).toEqual(['status=APPLIED']);
    expect(screen.getByTestId('congrats-body').textContent).toBe('Your application for Health Coach Training has been submitted.');
    expect([...screen.getByTestId('next-messages').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Admissions reply within 48 hours.',
      'Enrollment confirmation takes 1-2 business days.',
      'The credit card is not charged until the application is accepted.',
    ]);
    // Every write carried the bearer.
    expect(fake.calls.filter((c) => c.method !== 'GET').every((c) => c.authorization === 'Bearer access-1')).toBe(true);
  });

  test('a student with a CREATED application resumes at its first incomplete step', async () => {
    storeSession();
    const fake = enrollmentFake({ flow: ['COMPLETE_PERSONAL_INFO', 'ENROLLMENT_AGREEMENT'] });
    fake.state.completed.add('COMPLETE_PERSONAL_INFO');
    fake.state.application = applicationRecord(fake.state, {
      applicationCohorts: [
        { id: 60, programId: 11, programName: 'Health Coach Training Program', cohortId: 21, cohortLabel: 'HCTP January 2027', startDate: '2027-01-15', endDate: '2027-07-15' },
      ],
    });
    renderPortal('/enroll', fake.fetch);
    await atStep('Payment plan', '/enroll/5/payment-plan');
    expect(fake.callsTo('POST', '/applications')).toEqual([]);
    // Back goes to personal info; the class step keeps the chosen class.
    click('Back');
    await atStep('Personal info', '/enroll/5/personal-info');
    click('Back');
    await atStep('Select class', '/enroll/5/class');
    expect(((await screen.findByRole('radio', { name: /HCTP January 2027/ })) as HTMLInputElement).checked).toBe(true);
  });

  test('choosing another course on step 1 replaces the application being filled in', async () => {
    storeSession();
    const other = { id: 4, name: 'Gut Health Specialist', description: null, cost: 1500, flowType: 'DYNAMIC', enrolling: true, published: true, cohorts: [] };
    const fake = enrollmentFake({
      application: {},
      routes: {
        'GET /products/by_flow_type/DYNAMIC': { status: 200, body: { content: [other], pagination: { total: 1, page: 0, size: 100 } } },
        'POST /applications': () => ({
          status: 201,
          body: applicationRecord(fake.state, { id: 6, product: { id: 4, name: 'Gut Health Specialist', flowType: 'DYNAMIC', cost: 1500 } }),
        }),
        'GET /applications/6': () => ({
          status: 200,
          body: applicationRecord(fake.state, { id: 6, product: { id: 4, name: 'Gut Health Specialist', flowType: 'DYNAMIC', cost: 1500 } }),
        }),
        'GET /applications/6/options': {
          status: 200,
          body: { product: { id: 4, name: 'Gut Health Specialist', flowType: 'DYNAMIC', cost: 1500 }, programs: [], paymentPlans: [] },
        },
      },
    });
    renderPortal('/enroll/5/course', fake.fetch);
    expect(((await screen.findByRole('radio', { name: 'Health Coach Training' })) as HTMLInputElement).checked).toBe(true);
    // The same course: no call, on to the class.
    click('Next');
    await atStep('Select class', '/enroll/5/class');
    expect(fake.callsTo('POST', '/applications')).toEqual([]);
    click('Back');
    fireEvent.click(await screen.findByRole('radio', { name: 'Gut Health Specialist' }));
    click('Next');
    await atStep('Select class', '/enroll/6/class');
    expect(bodiesOf(fake, 'POST', '/applications')).toEqual([{ productId: 4 }]);
    expect(fake.callsTo('PATCH', '/applications/5/status').map((c) => c.query)).toEqual(['status=CANCELLED']);
    expect(screen.getByTestId('enroll-product').textContent).toBe('Gut Health Specialist');
  });

  test("'Already applied to product' offers the existing application", async () => {
    storeSession();
    const existing = { id: 8, status: 'APPLIED', product: { id: 3, name: 'Health Coach Training' }, updatedAt: '2026-04-01T00:00:00Z' };
    let listed = 0;
    const fake = enrollmentFake({
      routes: {
        'POST /applications': refusal(409, 'ALREADY_APPLIED', 'Already applied to product'),
        // First load (resume check): nothing CREATED; after the refusal, the existing one.
        'GET /applications': () => ({ status: 200, body: { content: listed++ === 0 ? [] : [existing], pagination: { total: 1, page: 0, size: 200 } } }),
      },
    });
    renderPortal('/enroll', fake.fetch);
    fireEvent.click(await screen.findByRole('radio', { name: 'Health Coach Training' }));
    click('Next');
    expect((await screen.findByTestId('course-error')).textContent).toBe('Already applied to product');
    const offer = await screen.findByTestId('existing-application');
    expect(offer.textContent).toBe('You already have an application for Health Coach Training. Continue that application');
    expect(within(offer).getByRole('link', { name: 'Continue that application' }).getAttribute('href')).toBe('/enroll/8/congratulations');
    expect(currentLocation()).toBe('/enroll');
  });

  test('the class step shows a refusal (max students) and needs a class for every program', async () => {
    storeSession();
    const fake = enrollmentFake({ application: {}, routes: { 'PUT /applications/5': refusal(409, 'MAX_STUDENTS_REACHED', 'Max students reached') } });
    renderPortal('/enroll/5/class', fake.fetch);
    await screen.findByRole('radio', { name: /HCTP January 2027/ });
    click('Next');
    expect((await screen.findByTestId('class-error')).textContent).toBe('Please choose a class for every program.');
    expect(fake.callsTo('PUT', '/applications/5')).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: /HCTP January 2027/ }));
    click('Next');
    await waitFor(() => expect(screen.getByTestId('class-error').textContent).toBe('Max students reached'));
    expect(currentLocation()).toBe('/enroll/5/class');
  });

  test('personal info: under 18 with the spec message, then the server field errors and the progress refusal', async () => {
    storeSession();
    let progressCalls = 0;
    const fake = enrollmentFake({
      application: {},
      routes: {
        'PUT /students/7': (call) =>
          progressCalls === 0 && (call.body as { contactInfo: { mobilePhone: string } }).contactInfo.mobilePhone === '123'
            ? refusal(400, 'VALIDATION_ERROR', 'Validation failed', { 'contactInfo.mobilePhone': 'Invalid mobile phone' })
            : { status: 200, body: studentRecord(call.body as Record<string, unknown>) },
        'POST /applications/5/progress': () => {
          progressCalls++;
          return refusal(409, 'PERSONAL_INFO_INCOMPLETE', 'Personal info incomplete');
        },
      },
    });
    renderPortal('/enroll/5/personal-info', fake.fetch);
    await screen.findByLabelText('Date of birth');
    const year = new Date().getFullYear() - 17;
    change('Date of birth', `01-01-${year}`);
    change('ZIP code', '');
    click('Next');
    await waitFor(() => expect(helperOf('Date of birth')).toBe('Below 18 age, call to Health Coach Institute (Phone enrollment)'));
    expect(helperOf('ZIP code')).toBe('This field is required');
    expect(screen.getByTestId('personal-error').textContent).toBe('Please correct the highlighted fields.');
    expect(fake.callsTo('PUT', '/students/7')).toEqual([]);

    change('Date of birth', '05-14-1990');
    change('ZIP code', '33101');
    change('Mobile phone', '123');
    click('Next');
    await waitFor(() => expect(helperOf('Mobile phone')).toBe('Invalid mobile phone'));

    change('Mobile phone', '+13055550123');
    click('Next');
    await waitFor(() => expect(screen.getByTestId('personal-error').textContent).toBe('Personal info incomplete'));
    expect(fake.callsTo('POST', '/applications/5/progress').map((c) => c.body)).toEqual([{ step: 'COMPLETE_PERSONAL_INFO' }]);
    expect(currentLocation()).toBe('/enroll/5/personal-info');
  });

  test('payment plan: a refused promo code shows at the field; an accepted one refreshes the previews; it can be removed', async () => {
    storeSession();
    const fake = enrollmentFake({ application: {} });
    renderPortal('/enroll/5/payment-plan', fake.fetch);
    await screen.findByRole('radio', { name: 'Monthly plan' });
    click('Next');
    expect((await screen.findByTestId('plan-error')).textContent).toBe('No payment plan selected');

    change('Promo code', 'wrong');
    click('Apply');
    await waitFor(() => expect(helperOf('Promo code')).toBe('Invalid promo code'));
    expect(bodiesOf(fake, 'POST', '/applications/5/promo_code')).toEqual([{ code: 'WRONG' }]);

    change('Promo code', 'spring500');
    click('Apply');
    expect((await screen.findByTestId('promo-applied')).textContent).toBe('Promo code SPRING500 applied: you save $500.00.');
    await waitFor(() => expect(screen.getByTestId('plan-32-terms').textContent).toContain('Total $5,958.44'));
    expect(fake.callsTo('GET', '/applications/5/options')).toHaveLength(2);

    click('Remove promo code');
    await waitFor(() => expect(screen.getByTestId('plan-32-terms').textContent).toContain('Total $6,458.24'));
    expect(fake.callsTo('DELETE', '/applications/5/promo_code')).toHaveLength(1);
    expect(screen.queryByTestId('promo-applied')).toBeNull();
  });

  test("payment plan: a percentage code saves a different amount on each plan; each plan says its saving and the sentence names the chosen plan's", async () => {
    storeSession();
    // Applied before a plan was chosen: the application holds the first plan's discount (565), the monthly plan saves 615.
    const fake = enrollmentFake({
      application: { voucher: { id: 9, code: 'WELCOME10', discountKind: 'PERCENT_OFF', discountValue: 10 }, voucherDiscount: 565 },
      routes: { 'GET /applications/5/options': { status: 200, body: { ...OPTIONS, paymentPlans: PERCENT_PLANS } } },
    });
    renderPortal('/enroll/5/payment-plan', fake.fetch);
    await screen.findByRole('radio', { name: 'Monthly plan' });
    expect(screen.getByTestId('plan-31-terms').textContent).toBe('Pay in full termsYou save $565.00 · One payment of $5,085.00 · APR 0 % · Total interest $0.00 · Total $5,085.00');
    expect(screen.getByTestId('plan-32-terms').textContent).toBe(
      'Monthly plan termsYou save $615.00 · Deposit $500.00 · 12 monthly installments of $449.88 · APR 9.9 % · Total interest $263.58 · Total $5,798.58',
    );
    expect(screen.getByTestId('promo-applied').textContent).toBe('Promo code WELCOME10 applied: each plan shows what you save on it.');
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly plan' }));
    expect(screen.getByTestId('promo-applied').textContent).toBe('Promo code WELCOME10 applied: you save $615.00.');
    fireEvent.click(screen.getByRole('radio', { name: 'Pay in full' }));
    expect(screen.getByTestId('promo-applied').textContent).toBe('Promo code WELCOME10 applied: you save $565.00.');
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly plan' }));
    click('Next');
    await atStep('Read and sign agreement', '/enroll/5/agreement');
    expect(bodiesOf(fake, 'PUT', '/applications/5')).toEqual([{ productPaymentPlanId: 32 }]);
  });

  test('a plan without a preview shows its own terms', async () => {
    storeSession();
    const fake = enrollmentFake({
      application: {},
      routes: {
        'GET /applications/5/options': {
          status: 200,
          body: {
            programs: [],
            product: { id: 3, name: 'Health Coach Training', flowType: 'HCTP', cost: 6000 },
            paymentPlans: [
              {
                id: 33,
                name: 'Custom',
                shortDescription: null,
                longDescription: null,
                paymentPlanType: 'INTEREST_BEARING',
                paymentScheduleType: 'FIXED_TERMS',
                totalTerm: 10,
                depositAmount: 300,
                installmentAmount: 600,
                annualPercentageRate: 5,
                preview: null,
              },
            ],
          },
        },
      },
    });
    renderPortal('/enroll/5/payment-plan', fake.fetch);
    await screen.findByRole('radio', { name: 'Custom' });
    expect(screen.getByTestId('plan-33-terms').textContent).toBe('Deposit $300.00 · 10 monthly installments of $600.00 · APR 5 %');
  });

  test("agreement: the name and the box are required; a wrong name shows the server's message at the field", async () => {
    storeSession();
    const fake = enrollmentFake({ application: {} });
    renderPortal('/enroll/5/agreement', fake.fetch);
    await screen.findByRole('document', { name: 'Agreement text' });
    click('Sign agreement');
    await waitFor(() => expect(helperOf('Type your full name')).toBe('This field is required'));
    expect(screen.getByText('Please confirm that you have read and agree to the agreement').textContent).toBe('Please confirm that you have read and agree to the agreement');
    expect(fake.callsTo('POST', '/envelopes/40/sign')).toEqual([]);

    change('Type your full name', 'Someone Else');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and agree' }));
    click('Sign agreement');
    await waitFor(() => expect(helperOf('Type your full name')).toBe('Type your full name as it appears on the agreement'));
    expect(screen.getByTestId('sign-error').textContent).toBe('Please correct the highlighted fields.');
    expect(bodiesOf(fake, 'POST', '/envelopes/40/sign')).toEqual([{ signedName: 'Someone Else' }]);
  });

  test('agreement not required by the flow: no envelope, Next is open', async () => {
    storeSession();
    const fake = enrollmentFake({ application: {}, flow: ['COMPLETE_PERSONAL_INFO'] });
    renderPortal('/enroll/5/agreement', fake.fetch);
    expect((await screen.findByTestId('agreement-not-required')).textContent).toBe('Your course does not need a signed agreement before you apply.');
    expect(fake.callsTo('POST', '/applications/5/envelopes')).toEqual([]);
    click('Next');
    await atStep('Payment method', '/enroll/5/payment-method');
  });

  test('payment method: client checks, a declined card, a duplicate card; no test-card hint outside the sandbox', async () => {
    storeSession();
    const fake = enrollmentFake({ application: {}, gateway: 'STRIPE', cards: [{ id: 70, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true }] });
    renderPortal('/enroll/5/payment-method', fake.fetch);
    await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/30' });
    expect(screen.queryByTestId('sandbox-hint')).toBeNull();
    click('Next');
    expect((await screen.findByTestId('payment-method-error')).textContent).toBe('Payment method required');

    click('Add another card');
    change('Card number', '4242 4242 4242 4241');
    change('Expiry (MM/YY)', '13/30');
    change('CVC', '12');
    click('Add card');
    await waitFor(() => expect(helperOf('Card number')).toBe('Invalid card number'));
    expect(helperOf('Expiry (MM/YY)')).toBe('Please type a valid expiry date (MM/YY)');
    expect(helperOf('CVC')).toBe('Invalid security code');
    change('Expiry (MM/YY)', '01/20');
    click('Add card');
    await waitFor(() => expect(helperOf('Expiry (MM/YY)')).toBe('The card has expired'));
    expect(fake.callsTo('POST', '/payment_gateway/sandbox/tokens')).toEqual([]);

    change('Card number', '4000 0000 0000 0002');
    change('Expiry (MM/YY)', '12/30');
    change('CVC', '123');
    click('Add card');
    expect((await screen.findByTestId('card-error')).textContent).toBe('Payment failure Your card was declined');

    change('Card number', '4242424242424242');
    click('Add card');
    await waitFor(() => expect(screen.getByTestId('card-error').textContent).toBe('Duplicate card'));
    expect(bodiesOf(fake, 'POST', '/students/7/payment_methods')).toEqual([{ stripeTokenId: 'tok_sandbox_visa_4242_1230_fp' }]);

    fireEvent.click(screen.getByRole('radio', { name: 'Visa •••• 4242, expires 12/30' }));
    click('Next');
    await atStep('Submit application', '/enroll/5/submit');
    expect(bodiesOf(fake, 'PUT', '/applications/5')).toEqual([{ paymentMethodId: 70 }]);
  });

  test('payment method: "Payment method required" goes away as soon as a card is added (and chosen)', async () => {
    storeSession();
    const fake = enrollmentFake({ application: {} });
    renderPortal('/enroll/5/payment-method', fake.fetch);
    await screen.findByRole('form', { name: 'Add a card' });
    click('Next');
    expect((await screen.findByTestId('payment-method-error')).textContent).toBe('Payment method required');
    expect(fake.callsTo('PUT', '/applications/5')).toEqual([]);

    change('Card number', '4242 4242 4242 4242');
    change('Expiry (MM/YY)', '12/30');
    change('CVC', '123');
    click('Add card');
    const card = (await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/30' })) as HTMLInputElement;
    expect(card.checked).toBe(true);
    expect(screen.queryByTestId('payment-method-error')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.state.cards).toEqual([expect.objectContaining({ id: 70, last4: '4242' })]);

    click('Next');
    await atStep('Submit application', '/enroll/5/submit');
    expect(bodiesOf(fake, 'PUT', '/applications/5')).toEqual([{ paymentMethodId: 70 }]);
  });

  test('submit: a refusal is shown with a link to the step at fault; what is missing is listed', async () => {
    storeSession();
    const fake = enrollmentFake({
      application: {},
      routes: {
        'PATCH /applications/5/status': refusal(409, 'PERSONAL_INFO_INCOMPLETE', 'Personal info incomplete'),
        'POST /applications/5/progress': { status: 200, body: { steps: [], canSubmit: false, missing: ['No course selected', 'Payment method required'] } },
      },
    });
    renderPortal('/enroll/5/submit', fake.fetch);
    const missing = await screen.findByTestId('submit-missing');
    expect(missing.textContent).toBe('Before you can submit:No course selected Go to Select classPayment method required Go to Payment method');
    expect(within(missing).getByRole('link', { name: 'Go to Select class' }).getAttribute('href')).toBe('/enroll/5/class');
    expect(bodiesOf(fake, 'POST', '/applications/5/progress')).toEqual([{}]);
    click('Submit application');
    expect((await screen.findByTestId('submit-error')).textContent).toBe('Personal info incomplete');
    const fix = within(screen.getByTestId('submit-fix')).getByRole('link', { name: 'Go to Personal info' });
    expect(fix.getAttribute('href')).toBe('/enroll/5/personal-info');
    fireEvent.click(fix);
    await atStep('Personal info', '/enroll/5/personal-info');
  });

  test('a submitted application opens its congratulations page instead of the steps', async () => {
    storeSession();
    const fake = enrollmentFake({ application: { status: 'APPLIED', appliedAt: '2026-05-01T19:00:00Z' } });
    renderPortal('/enroll/5/payment-plan', fake.fetch);
    await expectHeading('Congratulations!');
    expect(currentLocation()).toBe('/enroll/5/congratulations');
    expect(screen.getByTestId('application-status').textContent).toBe('Application status: Applied · submitted 05-01-2026, 3:00 PM ET');
  });
});

describe('start enrollment with a promo code', () => {
  test('the code comes first and is applied right after the course is chosen', async () => {
    storeSession();
    const fake = enrollmentFake();
    renderPortal('/enroll/promo', fake.fetch);
    await screen.findByRole('radio', { name: 'Health Coach Training' });
    expect(screen.getByTestId('promo-intro').textContent).toBe('Type your promo code, then choose your course. The discount shows in the payment plans.');
    fireEvent.click(screen.getByRole('radio', { name: 'Health Coach Training' }));
    click('Next');
    await waitFor(() => expect(helperOf('Promo code')).toBe('This field is required'));
    expect(fake.callsTo('POST', '/applications')).toEqual([]);

    change('Promo code', 'spring500');
    click('Next');
    await atStep('Select class', '/enroll/5/class');
    expect(bodiesOf(fake, 'POST', '/applications')).toEqual([{ productId: 3 }]);
    expect(bodiesOf(fake, 'POST', '/applications/5/promo_code')).toEqual([{ code: 'SPRING500' }]);
    // The POST came first, the code second.
    const order = fake.calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(order).toEqual(['/applications', '/applications/5/promo_code']);
  });

  test('a bad code shows at the field and the application stays; a corrected code or no code continues', async () => {
    storeSession();
    const fake = enrollmentFake();
    renderPortal('/enroll/promo', fake.fetch);
    fireEvent.click(await screen.findByRole('radio', { name: 'Health Coach Training' }));
    change('Promo code', 'nope');
    click('Next');
    await waitFor(() => expect(helperOf('Promo code')).toBe('Invalid promo code'));
    expect(screen.getByTestId('application-made').textContent).toBe('Your application for Health Coach Training has been created. Correct the promo code, or continue without it.');
    expect(currentLocation()).toBe('/enroll/promo');

    change('Promo code', 'SPRING500');
    click('Next');
    await atStep('Select class', '/enroll/5/class');
    // One application only: the retry used the same one.
    expect(fake.callsTo('POST', '/applications')).toHaveLength(1);
    expect(bodiesOf(fake, 'POST', '/applications/5/promo_code')).toEqual([{ code: 'NOPE' }, { code: 'SPRING500' }]);
  });

  test('continue without the code after a refusal', async () => {
    storeSession();
    const fake = enrollmentFake();
    renderPortal('/enroll/promo', fake.fetch);
    fireEvent.click(await screen.findByRole('radio', { name: 'Health Coach Training' }));
    change('Promo code', 'nope');
    click('Next');
    await waitFor(() => expect(helperOf('Promo code')).toBe('Invalid promo code'));
    click('Continue without a promo code');
    await atStep('Select class', '/enroll/5/class');
  });
});

describe('congratulations', () => {
  test('lists the pending signing requests, each with a link to sign it', async () => {
    storeSession();
    const fake = enrollmentFake({
      application: { status: 'WAITING_TO_SIGN', appliedAt: '2026-05-01T19:00:00Z' },
      routes: {
        'GET /students/7/envelopes': {
          status: 200,
          body: {
            content: [
              { id: 40, applicationId: 5, studentId: 7, status: 'SENT', title: 'Enrollment agreement — Health Coach Training', createdAt: '2026-05-02T14:00:00Z', stale: false },
              { id: 41, applicationId: 6, studentId: 7, status: 'SENT', title: 'Enrollment agreement — Gut Health', createdAt: '2026-05-03T14:00:00Z', stale: false },
            ],
            pagination: { total: 2, page: 0, size: 10 },
          },
        },
      },
    });
    renderPortal('/enroll/5/congratulations', fake.fetch);
    await expectHeading('Congratulations!');
    const list = await screen.findByTestId('pending-list');
    expect(fake.callsTo('GET', '/students/7/envelopes')[0].query).toBe('size=10&page=0&status=SENT');
    expect(within(list).getByRole('link', { name: 'Sign Enrollment agreement — Health Coach Training' }).getAttribute('href')).toBe('/agreements/40');
    expect(within(list).getByRole('link', { name: 'Sign Enrollment agreement — Gut Health' }).getAttribute('href')).toBe('/agreements/41');
    expect(within(list).getByText('Sent 05-02-2026, 10:00 AM ET').textContent).toBe('Sent 05-02-2026, 10:00 AM ET');
    expect(screen.getByTestId('application-status').textContent).toContain('Waiting to sign');
  });

  test('without pending requests it says so', async () => {
    storeSession();
    const fake = enrollmentFake({
      application: { status: 'APPLIED' },
      routes: { 'GET /students/7/envelopes': { status: 200, body: { content: [], pagination: { total: 0, page: 0, size: 10 } } } },
    });
    renderPortal('/enroll/5/congratulations', fake.fetch);
    expect((await screen.findByTestId('pending-none')).textContent).toBe('You have no agreements waiting for your signature.');
  });
});

/** An application the student has submitted: a class chosen, the monthly plan, the card. */
const SUBMITTED = {
  appliedAt: '2026-05-01T19:00:00Z',
  updatedAt: '2026-05-01T19:00:00Z',
  productPaymentPlanId: 32,
  productPaymentPlan: { id: 32, name: 'Monthly plan' },
  applicationCohorts: [
    { id: 60, programId: 11, programName: 'Health Coach Training Program', cohortId: 21, cohortLabel: 'HCTP January 2027', startDate: '2027-01-15', endDate: '2027-07-15' },
  ],
  paymentMethod: { id: 70, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
};
const detailsOf = (root: HTMLElement) => {
  const terms = [...root.querySelectorAll('dt')].map((dt) => dt.textContent);
  const values = [...root.querySelectorAll('dd')].map((dd) => dd.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
};

describe('the Enrollment item after submitting', () => {
  test('shows the submitted application (course, class, plan, status in words) and what happens next, not an empty wizard', async () => {
    storeSession();
    const fake = enrollmentFake({ application: { status: 'APPLIED', ...SUBMITTED } });
    renderPortal('/home', fake.fetch);
    fireEvent.click(within(await screen.findByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Enrollment' }));
    const card = await screen.findByRole('region', { name: 'Health Coach Training' });
    expect(currentLocation()).toBe('/enroll');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Enrollment']);
    expect(detailsOf(card)).toEqual({
      Classes: 'Health Coach Training Program: HCTP January 2027 (01-15-2027 – 07-15-2027)',
      'Payment plan': 'Monthly plan',
      Status: 'Applied',
      Submitted: '05-01-2026, 3:00 PM ET',
    });
    expect(within(card).getByTestId('application-5-next').textContent).toBe('What happens nextAdmissions are reviewing your application. They reply within 48 hours.');
    // No wizard: no stepper, no course to choose, nothing created.
    expect(screen.queryByRole('navigation', { name: 'Enrollment steps' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(fake.callsTo('POST', '/applications')).toEqual([]);
    expect(fake.state.application).toMatchObject({ id: 5, status: 'APPLIED' });

    // Another course is a deliberate choice.
    fireEvent.click(screen.getByRole('link', { name: 'Enroll in another course' }));
    await atStep('Select course', '/enroll/courses');
    expect(await screen.findByRole('radio', { name: 'Health Coach Training' })).toBeInstanceOf(HTMLElement);
  });

  test('a class labelled with its program and dates is not written twice', () => {
    const c = { programName: 'Health Coach Training Program', startDate: '2027-01-15', endDate: '2028-01-14' };
    expect(classText({ ...c, cohortLabel: 'Health Coach Training Program 01-15-2027 - 01-14-2028' })).toBe('Health Coach Training Program 01-15-2027 - 01-14-2028');
    expect(classText({ ...c, cohortLabel: 'HCTP January 2027' })).toBe('Health Coach Training Program: HCTP January 2027 (01-15-2027 – 01-14-2028)');
    expect(classText({ ...c, cohortLabel: 'Health Coach Training Program', startDate: null, endDate: null })).toBe('Health Coach Training Program');
  });

  test('the next step follows the status: sign the agreement, wait for the confirmation, go to payments', async () => {
    storeSession();
    const waiting = enrollmentFake({ application: { status: 'WAITING_TO_SIGN', ...SUBMITTED } });
    const first = renderPortal('/enroll', waiting.fetch);
    const signing = await screen.findByTestId('application-5-next');
    expect(signing.textContent).toBe('What happens nextRead and sign your enrollment agreement to continue your enrollment.Read and sign the agreement');
    expect(detailsOf(screen.getByRole('region', { name: 'Health Coach Training' })).Status).toBe('Waiting to sign');
    fireEvent.click(within(signing).getByRole('button', { name: 'Read and sign the agreement' }));
    await waitFor(() => expect(currentLocation()).toBe('/agreements/40'));
    expect(waiting.callsTo('POST', '/applications/5/envelopes')).toHaveLength(1);
    first.unmount();

    const signed = enrollmentFake({ application: { status: 'SIGNED', ...SUBMITTED } });
    const second = renderPortal('/enroll', signed.fetch);
    expect((await screen.findByTestId('application-5-next')).textContent).toBe(
      'What happens nextAdmissions are confirming your enrollment: confirmation takes 1-2 business days. The credit card is not charged until the application is accepted.',
    );
    second.unmount();

    const enrolled = enrollmentFake({ application: { status: 'ENROLLED', ...SUBMITTED } });
    renderPortal('/enroll', enrolled.fetch);
    const next = await screen.findByTestId('application-5-next');
    expect(next.textContent).toBe('What happens nextYour enrollment is confirmed. Your payment plan and its schedule are in Payments.Go to payments');
    expect(within(next).getByRole('link', { name: 'Go to payments' }).getAttribute('href')).toBe('/settings/payment-information');
    expect(detailsOf(screen.getByRole('region', { name: 'Health Coach Training' })).Status).toBe('Enrolled');
  });

  test('a cancelled or rejected application leaves the course list; one being filled in is resumed', async () => {
    storeSession();
    const rejected = enrollmentFake({ application: { status: 'REJECTED', ...SUBMITTED } });
    const first = renderPortal('/enroll', rejected.fetch);
    await atStep('Select course', '/enroll');
    expect(screen.queryByRole('region', { name: 'Health Coach Training' })).toBeNull();
    first.unmount();

    const created = enrollmentFake({ application: {} });
    renderPortal('/enroll/courses', created.fetch);
    await atStep('Select class', '/enroll/5/class');
  });

  test('in Spanish', async () => {
    storeSession({ language: 'ES' });
    const fake = enrollmentFake({
      application: { status: 'APPLIED', ...SUBMITTED },
      routes: { 'GET /students/7': { status: 200, body: studentRecord({ languageIso2LetterCode: 'ES' }) } },
    });
    renderPortal('/enroll', fake.fetch);
    const card = await screen.findByRole('region', { name: 'Health Coach Training' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Inscripción']);
    expect(detailsOf(card)).toEqual({
      Clases: 'Health Coach Training Program: HCTP January 2027 (01-15-2027 – 07-15-2027)',
      'Plan de pago': 'Monthly plan',
      Estado: 'Enviada',
      Enviada: '05-01-2026, 3:00 p.m. ET',
    });
    expect(screen.getByTestId('application-5-next').textContent).toBe('Lo que sigueAdmisiones está revisando su solicitud. Responde en un plazo de 48 horas.');
    expect(screen.getByRole('link', { name: 'Inscribirme en otro curso' }).getAttribute('href')).toBe('/enroll/courses');
  });
});

describe('home and navigation', () => {
  test('"Enroll" without an application, with the promo-code start beside it', async () => {
    storeSession();
    const fake = enrollmentFake();
    renderPortal('/home', fake.fetch);
    const card = await screen.findByTestId('home-enroll');
    expect(within(card).getByRole('heading', { name: 'Enroll in a course' }).textContent).toBe('Enroll in a course');
    expect(within(card).getByRole('link', { name: 'Enroll' }).getAttribute('href')).toBe('/enroll');
    expect(within(card).getByRole('link', { name: 'Start with a promo code' }).getAttribute('href')).toBe('/enroll/promo');
    expect(screen.getByRole('link', { name: 'View agreements' }).getAttribute('href')).toBe('/agreements');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Enrollment' }).getAttribute('href')).toBe('/enroll');
    expect(within(nav).getByRole('link', { name: 'My agreements' }).getAttribute('href')).toBe('/agreements');
  });

  test('"Continue your enrollment" at the first incomplete step when an application is CREATED', async () => {
    storeSession();
    const fake = enrollmentFake({ application: {} });
    renderPortal('/home', fake.fetch);
    const card = await screen.findByTestId('home-continue');
    expect(card.textContent).toContain('Your application for Health Coach Training is waiting for you at the step "Select class".');
    expect(within(card).getByRole('link', { name: 'Continue your enrollment' }).getAttribute('href')).toBe('/enroll/5/class');
  });

  test('a submitted application shows its state', async () => {
    storeSession();
    const fake = enrollmentFake({ application: { status: 'APPLIED' } });
    renderPortal('/home', fake.fetch);
    const card = await screen.findByTestId('home-application');
    expect(card.textContent).toContain('Health Coach Training: Applied.');
    expect(within(card).getByRole('link', { name: 'View application' }).getAttribute('href')).toBe('/enroll');
    expect(within(card).getByRole('link', { name: 'Enroll in another course' }).getAttribute('href')).toBe('/enroll/courses');
  });
});

describe('in Spanish', () => {
  test('the enrollment dictionaries: Spanish has every English key, none empty, with the same placeholders', () => {
    expect(Object.keys(enrollmentEs).sort()).toEqual(Object.keys(enrollmentEn).sort());
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(enrollmentEn) as Array<keyof typeof enrollmentEn>) {
      expect([key, enrollmentEs[key].trim().length > 0]).toEqual([key, true]);
      expect([key, placeholders(enrollmentEs[key])]).toEqual([key, placeholders(enrollmentEn[key])]);
    }
  });

  test('in Spanish the personal-info step names the countries in Spanish, sorted by that name', async () => {
    storeSession({ language: 'ES' });
    const fake = enrollmentFake({ application: {}, routes: { 'GET /students/7': { status: 200, body: studentRecord({ languageIso2LetterCode: 'ES' }) } } });
    renderPortal('/enroll/5/personal-info', fake.fetch);
    const country = (await screen.findByLabelText('País')) as HTMLSelectElement;
    await waitFor(() => expect(country.options.length).toBe(3));
    expect([...country.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', expect.any(String)],
      ['US', 'Estados Unidos'],
      ['MX', 'México'],
    ]);
  });

  test('the steps, the previews and the refusals read in Spanish', async () => {
    storeSession({ language: 'ES' });
    const fake = enrollmentFake({
      application: {},
      routes: {
        'GET /students/7': { status: 200, body: studentRecord({ languageIso2LetterCode: 'ES' }) },
        'PUT /applications/5': refusal(409, 'INVALID_STATUS', 'Invalid status'),
      },
    });
    renderPortal('/enroll/5/payment-plan', fake.fetch);
    await expectHeading('Plan de pago', 2);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toContain('Inscripción');
    await screen.findByRole('radio', { name: 'Monthly plan' });
    expect(screen.getByTestId('plan-32-terms').textContent).toContain('12 cuotas mensuales de');
    change('Código promocional', 'nope');
    click('Aplicar');
    await waitFor(() => expect(helperOf('Código promocional')).toBe('Código promocional no válido'));
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly plan' }));
    click('Siguiente');
    expect((await screen.findByTestId('plan-error')).textContent).toBe('Estado no válido');
  });
});
