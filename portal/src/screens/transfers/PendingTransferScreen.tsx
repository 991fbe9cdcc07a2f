/**
 * /transfers/:transferId — a pending transfer in two steps (platform spec §2 "Pending transfers (two
 * steps): accept terms, then confirm the new program and plan"; domain rules "Transfers"). For a staff
 * offer: step 1 shows the terms — from and to, the new class, the fee, the rollover, the new plan's
 * schedule (GET /transfers/{id}/preview, the same computation accepting runs) — and "I accept the
 * terms" (PATCH …/accept_terms); step 2 confirms the new program and plan (PATCH …/status?status=
 * ACCEPTED) or declines (REJECTED). Once accepted, the student's new plan (its breakdown carries the
 * rollover) is one click away. A request the student made themselves waits for staff; a decided one
 * says how it was decided.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { enumLabel } from '../../../../models/labels';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useApi, useSession } from '../../components/PortalContext';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { billingApi } from '../../lib/billing-api';
import { describeError, type ErrorView } from '../../lib/errors';
import type { Transfer, TransferPreview } from '../../lib/transfers-api';
import { date, money } from '../enrollment/format';
import { useLoad } from '../enrollment/useLoad';
import { paymentSectionPath } from '../payments/nav';
import { Section, Terms } from '../payments/parts';
import { useT } from './i18n';
import { TransferCost, useTransfersApi } from './parts';
import { TRANSFERS_PATH } from './paths';

interface Loaded {
  transfer: Transfer;
  preview: TransferPreview | null;
}

export default function PendingTransferScreen() {
  const { t, locale } = useT();
  const calls = useTransfersApi();
  const api = useApi();
  const studentId = useSession()?.studentId;
  const transferId = Number(useParams().transferId);
  useDocumentTitle(t('offer.title'));
  const loaded = useLoad<Loaded>(async () => {
    const transfer = await calls.transfer(transferId);
    const preview = transfer.status === 'PENDING' && transfer.requestedBy === 'STAFF' ? await calls.pendingPreview(transferId) : null;
    return { transfer, preview };
  }, [calls, transferId]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [newPlanId, setNewPlanId] = useState<number | null>(null);
  const [decidedHere, setDecidedHere] = useState(false);

  if (loaded.loading && !loaded.data) return <PageLoading />;
  if (!loaded.data) return <ErrorAlert error={loaded.error} testId="offer-error" />;
  const { transfer, preview } = loaded.data;
  const from = transfer.originProduct?.name ?? '';
  const to = transfer.destinationProduct?.name ?? '';
  const cohort = transfer.destinationCohort;

  async function act(step: () => Promise<Transfer>) {
    setBusy(true);
    setFailure(null);
    try {
      const updated = await step();
      if (updated.status === 'ACCEPTED' && updated.newApplicationId && studentId) {
        // The new plan, to open its terms and breakdown (best effort: the link falls back to the plans).
        const plans = await billingApi(api.http)
          .studentPlans(studentId)
          .catch(() => []);
        setNewPlanId(plans.find((p) => p.applicationId === updated.newApplicationId)?.id ?? null);
      }
      setDecidedHere(updated.status !== 'PENDING');
      loaded.setData({ transfer: updated, preview });
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Button component={Link} to={TRANSFERS_PATH} sx={{ mt: 2 }}>
      {t('offer.back')}
    </Button>
  );
  const heading = (
    <Typography component="h1" variant="h4" gutterBottom>
      {t('offer.title')}
    </Typography>
  );

  if (transfer.status === 'ACCEPTED' || transfer.status === 'REJECTED') {
    const accepted = transfer.status === 'ACCEPTED';
    return (
      <Box sx={{ maxWidth: 960 }}>
        {heading}
        <FormMessage severity={accepted ? 'success' : 'info'} testId="offer-outcome">
          {accepted
            ? t('offer.accepted', { product: to, rollover: money(transfer.tuitionRollover, locale) })
            : decidedHere
              ? t('offer.declined')
              : t('offer.decided', { status: enumLabel('TransferStatus', transfer.status, locale) })}
        </FormMessage>
        {accepted && (
          <Button variant="contained" component={Link} to={paymentSectionPath('plan-terms', newPlanId)} sx={{ mt: 2, mr: 2 }}>
            {t('offer.seePlan')}
          </Button>
        )}
        {back}
      </Box>
    );
  }
  if (transfer.requestedBy !== 'STAFF' || !preview) {
    return (
      <Box sx={{ maxWidth: 960 }}>
        {heading}
        <FormMessage severity="info" testId="offer-waiting">
          {t('offer.waitingStaff')}
        </FormMessage>
        {back}
      </Box>
    );
  }

  const step = transfer.termsAcceptedAt ? 1 : 0;
  const installments = preview.schedule.filter((e) => e.kind === 'INSTALLMENT');
  return (
    <Box sx={{ maxWidth: 960 }}>
      {heading}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('offer.intro', { from, to })}
      </Typography>
      <Stepper activeStep={step} aria-label={t('offer.steps')} sx={{ mb: 3 }}>
        <Step completed={step > 0}>
          <StepLabel>{t('offer.step.terms')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('offer.step.confirm')}</StepLabel>
        </Step>
      </Stepper>
      {step === 0 ? (
        <>
          <Section title={t('offer.terms.title')} id="offer-terms-heading">
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('offer.terms.what')}
            </Typography>
            <Terms
              testId="offer-terms"
              items={[
                { key: 'from', label: t('offer.terms.from'), value: from },
                { key: 'to', label: t('offer.terms.to'), value: to },
                {
                  key: 'class',
                  label: t('offer.terms.class'),
                  // A class's label usually holds its dates already ('HCTP 07-02-2027 - 12-12-2027'): they are added only when it does not.
                  value: cohort
                    ? `${cohort.label}${cohort.startDate && cohort.endDate && !cohort.label.includes(date(cohort.startDate)) ? ` (${t('offer.terms.dates', { start: date(cohort.startDate), end: date(cohort.endDate) })})` : ''}`
                    : '',
                },
              ]}
            />
          </Section>
          <TransferCost preview={preview} />
          <ErrorAlert error={failure} testId="offer-refusal" />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => act(() => calls.acceptTerms(transfer.id))} disabled={busy} aria-busy={busy || undefined}>
              {t('offer.accept')}
            </Button>
            <Button onClick={() => act(() => calls.decide(transfer.id, 'REJECTED'))} disabled={busy}>
              {t('offer.decline')}
            </Button>
          </Box>
        </>
      ) : (
        <>
          <Section title={t('offer.confirm.title')} id="offer-confirm-heading">
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('offer.confirm.intro', { product: to, cohort: cohort?.label ?? '' })}
            </Typography>
            <Terms
              testId="offer-plan"
              items={[
                { key: 'to', label: t('offer.terms.to'), value: to },
                { key: 'class', label: t('offer.terms.class'), value: cohort?.label ?? '' },
                { key: 'rollover', label: t('moves.cost.rollover'), value: money(preview.tuitionRollover, locale) },
                { key: 'fee', label: t('moves.cost.fee'), value: preview.transferNumber === 1 ? t('moves.cost.free') : money(preview.transferFee, locale) },
                { key: 'totalOwed', label: t('moves.cost.totalOwed'), value: money(preview.totalOwed, locale) },
                { key: 'installments', label: t('moves.schedule.installment'), value: t('offer.confirm.installments', { count: installments.length }) },
                ...(preview.schedule[0]
                  ? [{ key: 'first', label: t('offer.confirm.firstPayment'), value: `${money(preview.schedule[0].amount, locale)} · ${date(preview.schedule[0].dueDate)}` }]
                  : []),
              ]}
            />
          </Section>
          <ErrorAlert error={failure} testId="offer-refusal" />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => act(() => calls.decide(transfer.id, 'ACCEPTED'))} disabled={busy} aria-busy={busy || undefined}>
              {t('offer.confirm')}
            </Button>
            <Button onClick={() => act(() => calls.decide(transfer.id, 'REJECTED'))} disabled={busy}>
              {t('offer.decline')}
            </Button>
          </Box>
        </>
      )}
      {back}
    </Box>
  );
}
