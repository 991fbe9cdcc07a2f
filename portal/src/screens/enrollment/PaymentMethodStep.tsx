/**
 * Step 6, payment method: the student's cards (GET /students/{id}/payment_methods) or a new one —
 * tokenised by the gateway (the sandbox's POST /payment_gateway/sandbox/tokens until billing brings
 * Stripe) and attached (POST /students/{id}/payment_methods {stripeTokenId}) — then PUT
 * /applications/{id} {paymentMethodId}. The card is not charged until the application is accepted.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Messages } from '../../../../models/messages';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useSession } from '../../components/PortalContext';
import { TextInput } from '../../components/TextInput';
import { useT } from './i18n';
import type { PaymentMethod } from '../../lib/enrollment-api';
import { describeError, failureOf, type ErrorView } from '../../lib/errors';
import { hasErrors } from '../../lib/validation';
import { cardLabel, expiry } from './format';
import { Block, StepActions } from './parts';
import type { StepProps } from './types';
import { useEnrollmentApi, useLoad } from './useLoad';

/** Luhn check of a card number (digits only). */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && digits.length <= 19 && sum % 10 === 0;
}

/** `MM/YY` (or `MM/YYYY`) → month and four-digit year; 'expired' for a month already past; null when unreadable. */
export function parseExpiry(text: string, today = new Date()): { expMonth: number; expYear: number } | 'expired' | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const expMonth = Number(m[1]);
  const expYear = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  if (expYear * 12 + expMonth < today.getFullYear() * 12 + today.getMonth() + 1) return 'expired';
  return { expMonth, expYear };
}

export function PaymentMethodStep({ application, setApplication, goTo }: StepProps) {
  const calls = useEnrollmentApi();
  const { t } = useT();
  const studentId = useSession()?.studentId ?? application.student?.id;
  const loaded = useLoad(async () => {
    const [config, cards] = await Promise.all([calls.gatewayConfig(), studentId ? calls.paymentMethods(studentId) : Promise.resolve([] as PaymentMethod[])]);
    return { config, cards };
  }, [calls, studentId]);
  const [selected, setSelected] = useState(application.paymentMethod ? String(application.paymentMethod.id) : '');
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  /** Next was pressed without a card: 'Payment method required' shows for as long as none is chosen. */
  const [triedWithoutCard, setTriedWithoutCard] = useState(false);
  const [busy, setBusy] = useState(false);

  const choose = (cardId: string) => {
    setSelected(cardId);
    setFailure(null);
  };

  async function next() {
    setFailure(null);
    if (!selected) {
      setTriedWithoutCard(true);
      return;
    }
    setBusy(true);
    try {
      setApplication(await calls.updateApplication(application.id, { paymentMethodId: Number(selected) }));
      goTo('submit');
    } catch (error) {
      setFailure(describeError(error));
      setBusy(false);
    }
  }

  if (loaded.loading) return <PageLoading />;
  if (!loaded.data) return <ErrorAlert error={loaded.error} testId="payment-error" />;
  const { config, cards } = loaded.data;
  const showForm = adding || cards.length === 0;
  return (
    <Box>
      <FormMessage severity="info" testId="not-charged">
        {t('enroll.payment.notCharged')}
      </FormMessage>
      <ErrorAlert error={failure ?? (triedWithoutCard && !selected ? failureOf(Messages.PAYMENT_METHOD_REQUIRED) : null)} testId="payment-method-error" />
      {cards.length > 0 && (
        <RadioGroup name="paymentMethodId" value={selected} onChange={(event) => choose(event.target.value)} aria-label={t('enroll.payment.cards')}>
          {cards.map((card) => (
            <FormControlLabel key={card.id} value={String(card.id)} control={<Radio />} label={t('enroll.payment.card', { card: cardLabel(card), expiry: expiry(card) })} />
          ))}
        </RadioGroup>
      )}
      {showForm ? (
        <AddCardForm
          sandbox={config.gateway === 'SANDBOX'}
          studentId={studentId ?? 0}
          canCancel={cards.length > 0}
          onCancel={() => setAdding(false)}
          onAdded={(card) => {
            loaded.setData({ config, cards: [...cards.filter((c) => c.id !== card.id), card] });
            choose(String(card.id));
            setAdding(false);
          }}
        />
      ) : (
        <Button onClick={() => setAdding(true)} sx={{ mt: 1 }}>
          {t('enroll.payment.addAnother')}
        </Button>
      )}
      <StepActions onBack={() => goTo('agreement')} onNext={next} busy={busy} />
    </Box>
  );
}

type CardField = 'number' | 'expiry' | 'cvc';

export function AddCardForm({
  sandbox,
  studentId,
  canCancel,
  onCancel,
  onAdded,
}: {
  sandbox: boolean;
  studentId: number;
  canCancel: boolean;
  onCancel(): void;
  onAdded(card: PaymentMethod): void;
}) {
  const calls = useEnrollmentApi();
  const { t } = useT();
  const [values, setValues] = useState<Record<CardField, string>>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (value: string, name: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function add(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const digits = values.number.replace(/[\s-]/g, '');
    const exp = parseExpiry(values.expiry);
    // The gateway's own rules and messages (api/integrations/sandbox-gateway.ts); it checks them again.
    const found: Partial<Record<CardField, string>> = {
      number: !digits ? Messages.REQUIRED : /^\d+$/.test(digits) && luhn(digits) ? undefined : Messages.INVALID_CARD_NUMBER,
      expiry: !values.expiry.trim() ? Messages.REQUIRED : exp === 'expired' ? Messages.CARD_EXPIRED : exp ? undefined : t('enroll.card.invalidExpiry'),
      cvc: !values.cvc.trim() ? Messages.REQUIRED : /^\d{3,4}$/.test(values.cvc.trim()) ? undefined : Messages.INVALID_CVC,
    };
    setErrors(found);
    if (hasErrors(found) || !exp || exp === 'expired') return;
    setBusy(true);
    try {
      const token = await calls.sandboxToken({ number: digits, expMonth: exp.expMonth, expYear: exp.expYear, cvc: values.cvc.trim() });
      onAdded(await calls.addPaymentMethod(studentId, token));
    } catch (error) {
      const view = describeError(error, ['number', 'expMonth', 'expYear', 'cvc', 'stripeTokenId']);
      setErrors({ number: view.fields.number ?? view.fields.stripeTokenId, expiry: view.fields.expMonth ?? view.fields.expYear, cvc: view.fields.cvc });
      setFailure(view);
      setBusy(false);
    }
  }

  return (
    <Block title={t('enroll.card.title')} id="card-heading">
      {sandbox && (
        <FormMessage severity="info" testId="sandbox-hint">
          {t('enroll.card.sandboxHint')}
        </FormMessage>
      )}
      <ErrorAlert error={failure} testId="card-error" />
      <Box component="form" noValidate onSubmit={add} aria-label={t('enroll.card.title')} sx={{ maxWidth: 480 }}>
        <TextInput name="number" label={t('enroll.card.number')} autoComplete="cc-number" inputMode="numeric" value={values.number} onValueChange={set} error={errors.number} />
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <TextInput
            name="expiry"
            label={t('enroll.card.expiry')}
            placeholder="MM/YY"
            autoComplete="cc-exp"
            inputMode="numeric"
            value={values.expiry}
            onValueChange={set}
            error={errors.expiry}
          />
          <TextInput name="cvc" label={t('enroll.card.cvc')} autoComplete="cc-csc" inputMode="numeric" value={values.cvc} onValueChange={set} error={errors.cvc} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <Button type="submit" variant="outlined" disabled={busy}>
            {t('enroll.card.add')}
          </Button>
          {canCancel && (
            <Button onClick={onCancel} disabled={busy} color="inherit">
              {t('enroll.card.cancel')}
            </Button>
          )}
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('enroll.card.secure')}
      </Typography>
    </Block>
  );
}
