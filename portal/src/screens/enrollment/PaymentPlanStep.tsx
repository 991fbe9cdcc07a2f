/**
 * Step 4, payment plan: the product's plans with the server's quote of each (what the promo code
 * saves on that plan, deposit, number and amount of installments, APR, total interest, total — the
 * figures the agreement and the issued plan will state) → PUT /applications/{id}
 * {productPaymentPlanId}. The promo code is applied (POST .../promo_code; a refused code shows at the
 * field) or removed (DELETE) here, and the quotes are fetched again. A percentage code saves a
 * different amount on each plan, so the sentence under the code names the chosen plan's saving.
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
import { TextInput } from '../../components/TextInput';
import { useT } from './i18n';
import type { PaymentPlanOption } from '../../lib/enrollment-api';
import { describeError, failureOf, type ErrorView } from '../../lib/errors';
import { money, percent } from './format';
import { Block, StepActions } from './parts';
import type { StepProps } from './types';
import { useEnrollmentApi, useLoad } from './useLoad';

/**
 * What a plan's preview says in one line: deposit, installments, APR, interest, total. Without a
 * preview (terms the engine cannot schedule), the plan's own terms.
 */
export function usePlanTerms() {
  const { t, locale } = useT();
  return (plan: PaymentPlanOption) => {
    const parts: string[] = [];
    const preview = plan.preview;
    if (!preview) {
      if (plan.depositAmount) parts.push(t('enroll.plan.deposit', { amount: money(plan.depositAmount, locale) }));
      if (plan.totalTerm && plan.installmentAmount) parts.push(t('enroll.plan.installments', { count: plan.totalTerm, amount: money(plan.installmentAmount, locale) }));
      parts.push(t('enroll.plan.apr', { rate: percent(plan.annualPercentageRate ?? 0, locale) }));
      return parts;
    }
    const installments = preview.entries.filter((e) => e.kind === 'INSTALLMENT');
    if (plan.voucherDiscount) parts.push(t('enroll.plan.saving', { amount: money(plan.voucherDiscount, locale) }));
    if (preview.deposit > 0) parts.push(t('enroll.plan.deposit', { amount: money(preview.deposit, locale) }));
    if (installments.length === 1 && preview.deposit === 0) parts.push(t('enroll.plan.payInFull', { amount: money(installments[0].amount, locale) }));
    else if (installments.length > 0) parts.push(t('enroll.plan.installments', { count: installments.length, amount: money(installments[0].amount, locale) }));
    parts.push(t('enroll.plan.apr', { rate: percent(plan.annualPercentageRate ?? 0, locale) }));
    parts.push(t('enroll.plan.interest', { amount: money(preview.interest, locale) }));
    parts.push(t('enroll.plan.total', { amount: money(preview.total, locale) }));
    return parts;
  };
}

export function PaymentPlanStep({ application, setApplication, reloadApplication, goTo }: StepProps) {
  const calls = useEnrollmentApi();
  const { t, locale } = useT();
  const terms = usePlanTerms();
  const options = useLoad(() => calls.options(application.id), [calls, application.id]);
  const [selected, setSelected] = useState(application.productPaymentPlanId ? String(application.productPaymentPlanId) : '');
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  async function next() {
    setFailure(null);
    if (!selected) {
      setFailure(failureOf(Messages.NO_PAYMENT_PLAN_SELECTED));
      return;
    }
    setBusy(true);
    try {
      setApplication(await calls.updateApplication(application.id, { productPaymentPlanId: Number(selected) }));
      goTo('agreement');
    } catch (error) {
      setFailure(describeError(error));
      setBusy(false);
    }
  }

  if (options.loading) return <PageLoading />;
  if (!options.data) return <ErrorAlert error={options.error} testId="options-error" />;
  const plans = options.data.paymentPlans;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('enroll.plan.intro')}
      </Typography>
      <ErrorAlert error={failure} testId="plan-error" />
      {plans.length === 0 ? (
        <FormMessage severity="info">{t('enroll.plan.none')}</FormMessage>
      ) : (
        <RadioGroup name="productPaymentPlanId" value={selected} onChange={(event) => setSelected(event.target.value)} aria-label={t('enroll.step.paymentPlan')}>
          {plans.map((plan) => (
            <Box key={plan.id} sx={{ border: 1, borderColor: selected === String(plan.id) ? 'primary.main' : 'divider', borderRadius: 1, p: 2, mb: 1.5 }}>
              <FormControlLabel
                value={String(plan.id)}
                control={<Radio slotProps={{ input: { 'aria-describedby': `plan-${plan.id}-terms` } as object }} />}
                label={<Typography sx={{ fontWeight: 600 }}>{plan.name}</Typography>}
              />
              <Box id={`plan-${plan.id}-terms`} sx={{ pl: 4 }} data-testid={`plan-${plan.id}-terms`}>
                {plan.shortDescription && (
                  <Typography variant="body2" color="text.secondary">
                    {plan.shortDescription}
                  </Typography>
                )}
                <Typography variant="body2">{terms(plan).join(' · ')}</Typography>
              </Box>
            </Box>
          ))}
        </RadioGroup>
      )}
      <PromoCode
        application={application}
        locale={locale}
        saving={savingOf(plans, selected, application.voucherDiscount)}
        onChanged={async () => {
          await Promise.all([options.reload(), reloadApplication()]);
        }}
      />
      <StepActions onBack={() => goTo('personal-info')} onNext={next} busy={busy} />
    </Box>
  );
}

/**
 * What the promo code saves, as the plan step can tell it: the chosen plan's saving, else the one
 * saving every plan shares (the application's own discount when the product has no plan); null when
 * it depends on a plan not chosen yet.
 */
export function savingOf(plans: readonly PaymentPlanOption[], selectedId: string, applicationDiscount: number | null): number | null {
  if (!plans.length) return applicationDiscount ?? 0;
  const chosen = plans.find((p) => String(p.id) === selectedId);
  if (chosen) return chosen.voucherDiscount;
  const savings = new Set(plans.map((p) => p.voucherDiscount));
  return savings.size === 1 ? plans[0].voucherDiscount : null;
}

function PromoCode({ application, locale, saving, onChanged }: Pick<StepProps, 'application'> & { locale: 'en' | 'es'; saving: number | null; onChanged(): Promise<void> }) {
  const calls = useEnrollmentApi();
  const { t } = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!code.trim()) {
      setError(Messages.REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await calls.applyPromoCode(application.id, code.trim());
      setCode('');
      await onChanged();
    } catch (failed) {
      const view = describeError(failed, ['code']);
      if (view.fields.code || view.code === 'INVALID_PROMO_CODE') setError(view.fields.code ?? view.message);
      else setFailure(view);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setFailure(null);
    setBusy(true);
    try {
      await calls.removePromoCode(application.id);
      await onChanged();
    } catch (failed) {
      setFailure(describeError(failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Block title={t('enroll.promo.link')} id="promo-heading">
      <ErrorAlert error={failure} testId="promo-error" />
      {application.voucher ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" data-testid="promo-applied">
            {saving === null
              ? t('enroll.promo.appliedPerPlan', { code: application.voucher.code })
              : t('enroll.promo.applied', { code: application.voucher.code, amount: money(saving, locale) })}
          </Typography>
          <Button onClick={remove} disabled={busy} size="small">
            {t('enroll.promo.remove')}
          </Button>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={apply} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 480 }}>
          <TextInput
            name="code"
            label={t('enroll.promo.code')}
            value={code}
            error={error}
            autoComplete="off"
            onValueChange={(value) => {
              setCode(value.toUpperCase());
              setError(undefined);
            }}
          />
          <Button type="submit" variant="outlined" disabled={busy} sx={{ mt: 2.5, flexShrink: 0 }}>
            {t('enroll.promo.apply')}
          </Button>
        </Box>
      )}
    </Block>
  );
}
