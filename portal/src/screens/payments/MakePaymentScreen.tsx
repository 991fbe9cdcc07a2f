/**
 * /payments/make?planId= — Make a payment (platform spec §2): pay the next installment, pre-pay part
 * of the balance (amount typed, maximum shown) or pay off the plan (amount fixed), with one of the
 * student's cards (the default preselected) or a new one. The spec's payment rules are checked here
 * first with its messages (§5 "Payments"); the server checks them again and its refusals are shown in
 * the portal's language. Each attempt carries an Idempotency-Key: retrying the same submission after
 * an unknown outcome (network failure, server error) sends the same key, so the server answers the
 * first result and never charges twice; a changed submission, or one the server answered, gets a new key.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { enumLabel } from '../../../../models/labels';
import { Messages } from '../../../../models/messages';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useSession } from '../../components/PortalContext';
import { TextInput } from '../../components/TextInput';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { HttpError } from '../../lib/api';
import { newIdempotencyKey, type Payment, type PaymentMethod, type PlanDetail, type StudentPaymentKind } from '../../lib/billing-api';
import { describeError, failureOf, type ErrorView } from '../../lib/errors';
import { AddCardForm } from '../enrollment/PaymentMethodStep';
import { cardLabel, date, expiry, money } from '../enrollment/format';
import { useLoad } from '../enrollment/useLoad';
import { useT } from './i18n';
import { PAYMENT_INFORMATION_PATH } from './nav';
import { canPayOnline } from './OverviewTab';
import { useBillingApi } from './parts';
import { parseDollars, toCents, toDollars } from '../../../../domain/money';
import { minimumRefusal, prePayRefusal, withinMaxAmount } from '../../../../domain/rules/payments';
import { isActivePlan } from '../../../../domain/state/plans';

/** A typed amount in cents: `1,234.5`, `$1234.50` → 123450; null when it is not a dollar amount with at most 2 decimals. */
export const parseAmount = parseDollars;

/**
 * The spec's checks of a pre-pay amount (platform spec §5 "Payments", domain rules "Payment plans and
 * payments"), in the server's order; the English message (translated where shown) or null.
 */
export function prePayError(text: string, plan: Pick<PlanDetail, 'payoffAmount' | 'amountDueNow'>): string | null {
  if (!text.trim()) return Messages.REQUIRED;
  const amount = parseAmount(text);
  if (amount === null || !withinMaxAmount(amount)) return Messages.INVALID_VALUE;
  return prePayRefusal(amount, { payoffCents: toCents(plan.payoffAmount), dueNowCents: toCents(plan.amountDueNow) })?.message ?? null;
}

/** An answer that settles the attempt (the server decided); a network failure or a 5xx leaves the outcome unknown. */
const settled = (error: unknown) => error instanceof HttpError && error.status < 500 && error.status !== 408 && error.status !== 429;

export default function MakePaymentScreen() {
  const calls = useBillingApi();
  const { t } = useT();
  const studentId = useSession()?.studentId;
  const [search] = useSearchParams();
  const planId = Number(search.get('planId'));
  useDocumentTitle(t('pay.make.title'));
  const loaded = useLoad(async () => {
    if (!studentId) return null;
    const [plans, cards, config] = await Promise.all([calls.studentPlans(studentId), calls.paymentMethods(studentId), calls.gatewayConfig()]);
    return { plan: plans.find((p) => p.id === planId) ?? null, cards, config };
  }, [calls, studentId, planId]);

  const back = (
    <Button component={Link} to={PAYMENT_INFORMATION_PATH} sx={{ mt: 2 }}>
      {t('pay.make.backToPayments')}
    </Button>
  );
  let body;
  if (loaded.loading && !loaded.data) body = <PageLoading />;
  else if (loaded.error) body = <ErrorAlert error={loaded.error} testId="make-payment-error" />;
  else if (!loaded.data?.plan || !studentId)
    body = (
      <FormMessage severity="info" testId="plan-not-found">
        {t('pay.make.planNotFound')}
      </FormMessage>
    );
  else if (!canPayOnline(loaded.data.plan)) {
    const { plan } = loaded.data;
    body = (
      <FormMessage severity="info" testId="nothing-due">
        {isActivePlan(plan) && (plan.paymentAccountBlocked || plan.bankruptcy) ? t('pay.overview.disabled') : t('pay.make.nothingDue')}
      </FormMessage>
    );
  } else {
    const { plan, cards, config } = loaded.data;
    body = (
      <PaymentForm
        plan={plan}
        cards={cards}
        sandbox={config.gateway === 'SANDBOX'}
        studentId={studentId}
        onCardAdded={(card) => loaded.setData({ ...loaded.data!, cards: [...cards.filter((c) => c.id !== card.id), card] })}
      />
    );
  }
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('pay.make.title')}
      </Typography>
      {body}
      {!loaded.data?.plan && !loaded.loading && back}
    </Box>
  );
}

function PaymentForm({
  plan,
  cards,
  sandbox,
  studentId,
  onCardAdded,
}: {
  plan: PlanDetail;
  cards: PaymentMethod[];
  sandbox: boolean;
  studentId: number;
  onCardAdded(card: PaymentMethod): void;
}) {
  const calls = useBillingApi();
  const { t, locale } = useT();
  const next = plan.nextPaymentSchedule;
  const [kind, setKind] = useState<StudentPaymentKind>(next ? 'INSTALLMENT' : 'PAY_OFF');
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const preferred = cards.find((c) => c.isDefault) ?? cards.find((c) => c.id === plan.terms?.paymentMethod?.id) ?? cards[0];
  const [cardId, setCardId] = useState(preferred ? String(preferred.id) : '');
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [paid, setPaid] = useState<Payment | null>(null);
  // The attempt in flight or left unknown: its submission and its Idempotency-Key.
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  const amountCents = kind === 'INSTALLMENT' ? toCents(next?.amountDue) : kind === 'PAY_OFF' ? toCents(plan.payoffAmount) : parseAmount(amountText);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setAmountError(undefined);
    if (kind === 'PRE_PAY') {
      const problem = prePayError(amountText, plan);
      if (problem) {
        setAmountError(problem);
        return;
      }
    }
    if (!cardId) {
      setFailure(failureOf(Messages.PAYMENT_METHOD_REQUIRED));
      return;
    }
    if (amountCents === null || minimumRefusal(amountCents)) {
      setFailure(failureOf(Messages.MIN_PAYMENT_AMOUNT));
      return;
    }
    const body = { type: kind, amount: toDollars(amountCents), paymentMethodId: Number(cardId) };
    const signature = JSON.stringify(body);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    setBusy(true);
    try {
      setPaid(await calls.makePayment(studentId, plan.id, body, attempt.current.key));
    } catch (error) {
      if (settled(error)) attempt.current = null;
      const view = describeError(error, kind === 'PRE_PAY' ? ['amount'] : []);
      if (view.fields.amount) setAmountError(view.fields.amount);
      const other = view.others.find((o) => o.path === 'amount') ?? (view.others.length === 1 ? view.others[0] : undefined);
      setFailure(view.fields.amount ? null : other ? failureOf(other.message) : view);
    } finally {
      setBusy(false);
    }
  }

  if (paid) return <PaymentDone payment={paid} plan={plan} card={cards.find((c) => String(c.id) === cardId) ?? null} />;

  const usd = (dollars: number | null | undefined) => money(dollars ?? 0, locale);
  const option = (value: StudentPaymentKind, disabled = false) => <FormControlLabel value={value} control={<Radio />} label={t(`pay.make.${value}`)} disabled={disabled || busy} />;
  return (
    <Paper variant="outlined" component="section" aria-label={plan.name} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {plan.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="plan-balance">
        {t('pay.overview.balance')}: {usd(plan.balance)} · {t('pay.overview.amountDueNow')}: {usd(plan.amountDueNow)}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('pay.make.title')} sx={{ mt: 2 }}>
        <ErrorAlert error={failure} testId="payment-error" />
        <FormLabel id="payment-kind-label">{t('pay.make.kind')}</FormLabel>
        <RadioGroup
          name="type"
          value={kind}
          aria-labelledby="payment-kind-label"
          onChange={(event) => {
            setKind(event.target.value as StudentPaymentKind);
            setAmountError(undefined);
            setFailure(null);
          }}
        >
          {option('INSTALLMENT', !next)}
          {option('PRE_PAY')}
          {option('PAY_OFF')}
        </RadioGroup>
        <Typography variant="body2" color="text.secondary" data-testid="payment-kind-hint" sx={{ mt: 1 }}>
          {kind === 'INSTALLMENT' && next && t('pay.make.installmentHint', { number: next.number, date: date(next.dueDate), amount: usd(next.amountDue) })}
          {kind === 'PRE_PAY' && t('pay.make.prePayHint', { max: usd(plan.maxPrePayAmount), due: usd(plan.amountDueNow) })}
          {kind === 'PAY_OFF' && t('pay.make.payOffHint', { amount: usd(plan.payoffAmount) })}
        </Typography>
        {kind === 'PRE_PAY' && (
          <Box sx={{ maxWidth: 320 }}>
            <TextInput
              name="amount"
              label={t('pay.make.amount')}
              inputMode="numeric"
              value={amountText}
              error={amountError}
              hint={t('pay.make.maxPrePay', { amount: usd(plan.maxPrePayAmount) })}
              onValueChange={(value) => {
                setAmountText(value);
                setAmountError(undefined);
              }}
            />
          </Box>
        )}

        {cards.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <FormLabel id="payment-card-label">{t('pay.make.cards')}</FormLabel>
            <RadioGroup name="paymentMethodId" value={cardId} aria-labelledby="payment-card-label" onChange={(event) => setCardId(event.target.value)}>
              {cards.map((card) => (
                <FormControlLabel
                  key={card.id}
                  value={String(card.id)}
                  control={<Radio />}
                  disabled={busy}
                  label={t('pay.cards.card', { card: cardLabel(card), expiry: expiry(card) })}
                />
              ))}
            </RadioGroup>
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy} aria-busy={busy || undefined}>
            {amountCents !== null && amountCents > 0 ? t('pay.make.submit', { amount: usd(toDollars(amountCents)) }) : t('pay.make.submitNoAmount')}
          </Button>
          <Button component={Link} to={PAYMENT_INFORMATION_PATH} color="inherit" disabled={busy}>
            {t('pay.make.cancel')}
          </Button>
        </Box>
      </Box>
      {adding || cards.length === 0 ? (
        <AddCardForm
          sandbox={sandbox}
          studentId={studentId}
          canCancel={cards.length > 0}
          onCancel={() => setAdding(false)}
          onAdded={(card) => {
            onCardAdded(card);
            setCardId(String(card.id));
            setAdding(false);
            setFailure(null);
          }}
        />
      ) : (
        <Button onClick={() => setAdding(true)} sx={{ mt: 2 }} disabled={busy}>
          {t('pay.make.addCard')}
        </Button>
      )}
    </Paper>
  );
}

function PaymentDone({ payment, plan, card: chosen }: { payment: Payment; plan: PlanDetail; card: PaymentMethod | null }) {
  const { t, locale } = useT();
  const card = payment.cardLast4 ? cardLabel({ brand: payment.cardBrand ?? '', last4: payment.cardLast4 }) : chosen ? cardLabel(chosen) : '';
  const received = payment.status === 'ACCEPTED';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="payment-done-heading" sx={{ p: { xs: 2, sm: 3 } }} data-testid="payment-done">
      <Typography component="h2" variant="h5" id="payment-done-heading" gutterBottom>
        {received ? t('pay.make.receivedTitle') : t('pay.make.processingTitle')}
      </Typography>
      <Typography data-testid="payment-summary">
        {t('pay.make.receivedBody', { kind: enumLabel('PaymentType', payment.type, locale), amount: money(payment.amount, locale), card })}
      </Typography>
      {payment.referenceNumber && (
        <Typography variant="body2" color="text.secondary" data-testid="payment-reference">
          {t('pay.make.reference', { reference: payment.referenceNumber })}
        </Typography>
      )}
      <FormMessage severity="info" testId="posting-note">
        {t('pay.make.posting')}
      </FormMessage>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={Link} to={`${PAYMENT_INFORMATION_PATH}?planId=${plan.id}`}>
          {t('pay.make.backToPayments')}
        </Button>
        <Button component={Link} to="/home">
          {t('pay.make.home')}
        </Button>
      </Box>
    </Paper>
  );
}
