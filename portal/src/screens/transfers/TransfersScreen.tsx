/**
 * /transfers — "Transfer or withdraw from a course" (platform spec §2, learning-centre screens; issue
 * 18). The transfers the institute offered (each opens its two steps, /transfers/:id); a request form
 * where the student picks a course they are enrolled in (`?applicationId=` preselects one) and asks
 * either for a transfer (a destination the API allows: GET /transfers/destinations) or a withdrawal (its
 * kind from the program's business category, the classes left, the last day attended, why); "See what
 * it will cost" calls the preview and shows the money before "Send the request" creates it; then the
 * request waits for staff. Below, the student's own transfers and withdrawals with their status in
 * words; one still waiting for staff that the student sent can be cancelled ("Cancel request", asked
 * first: a transfer request is then REJECTED, a withdrawal request CANCELLED). A server refusal shows
 * the server's sentence in the student's language.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { enumLabel } from '../../../../models/labels';
import { withdrawalKindFor } from '../../../../domain/rules/withdrawal-kinds';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { SelectInput } from '../../components/SelectInput';
import { TextInput } from '../../components/TextInput';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { Application } from '../../lib/enrollment-api';
import { describeError, type ErrorView } from '../../lib/errors';
import {
  isOpenOffer,
  isOwnPendingTransfer,
  isOwnPendingWithdrawal,
  type Transfer,
  type TransferDestinations,
  type TransferPreview,
  type Withdrawal,
  type WithdrawalPreview,
} from '../../lib/transfers-api';
import { money } from '../enrollment/format';
import { useEnrollmentApi, useLoad } from '../enrollment/useLoad';
import { DataTable, schoolDate, Section, type Column } from '../payments/parts';
import { useT } from './i18n';
import { TransferCost, useTransfersApi, WithdrawalCost } from './parts';
import { transferPath } from './paths';

/** Applications a student may ask to leave (withdraw) or move (transfer: ENROLLED only). */
const movable = (a: Application) => a.status === 'ENROLLED' || a.status === 'PARTIAL_WITHDRAWN';

interface Requests {
  transfers: Transfer[];
  withdrawals: Withdrawal[];
}

export default function TransfersScreen() {
  const { t } = useT();
  const enrollment = useEnrollmentApi();
  const calls = useTransfersApi();
  useDocumentTitle(t('moves.title'));
  const applications = useLoad(() => enrollment.listApplications(), [enrollment]);
  const requests = useLoad<Requests>(() => Promise.all([calls.transfers(), calls.withdrawals()]).then(([transfers, withdrawals]) => ({ transfers, withdrawals })), [calls]);

  if ((applications.loading && !applications.data) || (requests.loading && !requests.data)) return <PageLoading />;
  const failure = applications.error ?? requests.error;
  if (!applications.data || !requests.data) return <ErrorAlert error={failure} testId="moves-error" />;
  const offers = requests.data.transfers.filter(isOpenOffer);
  const enrolled = applications.data.filter(movable);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('moves.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('moves.intro')}
      </Typography>
      {offers.length > 0 && (
        <Section title={t('moves.offers.title')} id="offers-heading">
          {offers.map((offer) => (
            <Box key={offer.id} data-testid={`offer-${offer.id}`} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
              <Typography>{t('moves.offers.item', { from: offer.originProduct?.name ?? '', to: offer.destinationProduct?.name ?? '' })}</Typography>
              <Button variant="contained" component={Link} to={transferPath(offer.id)}>
                {t('moves.offers.review')}
              </Button>
            </Box>
          ))}
        </Section>
      )}
      <Section title={t('moves.request.title')} id="request-heading">
        {enrolled.length ? (
          <RequestForm applications={enrolled} onSent={() => void requests.reload()} />
        ) : (
          <Typography color="text.secondary" data-testid="moves-none">
            {t('moves.request.none')}
          </Typography>
        )}
      </Section>
      <MyRequests requests={requests.data} onChanged={() => void requests.reload()} />
    </Box>
  );
}

type Kind = 'transfer' | 'withdraw';

function RequestForm({ applications, onSent }: { applications: Application[]; onSent(): void }) {
  const { t, locale } = useT();
  const calls = useTransfersApi();
  const [search] = useSearchParams();
  const wanted = applications.find((a) => a.id === Number(search.get('applicationId'))) ?? applications[0];
  const [applicationId, setApplicationId] = useState(wanted.id);
  const application = applications.find((a) => a.id === applicationId) ?? applications[0];
  const canTransfer = application.status === 'ENROLLED';
  const [kind, setKind] = useState<Kind>(canTransfer ? 'transfer' : 'withdraw');
  const activeClasses = application.enrollments.filter((e) => e.status === 'ACTIVE');
  const [destinations, setDestinations] = useState<TransferDestinations | null>(null);
  const [productId, setProductId] = useState('');
  const [cohortId, setCohortId] = useState('');
  const [planId, setPlanId] = useState('');
  const [leaving, setLeaving] = useState<number[]>(() => activeClasses.map((e) => e.cohortId));
  const [lastDay, setLastDay] = useState('');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<{ transfer?: TransferPreview; withdrawal?: WithdrawalPreview } | null>(null);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Kind | null>(null);

  // Where this course may go, and its business category (the withdrawal's kind).
  useEffect(() => {
    let live = true;
    setDestinations(null);
    calls.destinations(applicationId).then(
      (answer) => {
        if (!live) return;
        setDestinations(answer);
        const first = answer.products[0];
        setProductId(first ? String(first.id) : '');
        setCohortId(first?.cohorts[0] ? String(first.cohorts[0].id) : '');
        setPlanId(first?.paymentPlans[0] ? String(first.paymentPlans[0].id) : '');
      },
      (error: unknown) => live && setFailure(describeError(error)),
    );
    return () => {
      live = false;
    };
  }, [calls, applicationId]);

  const product = destinations?.products.find((p) => String(p.id) === productId) ?? null;
  const changed = () => {
    setPreview(null);
    setFailure(null);
    setSent(null);
  };
  const pickApplication = (value: string) => {
    const next = applications.find((a) => String(a.id) === value);
    if (!next) return;
    setApplicationId(next.id);
    setKind(next.status === 'ENROLLED' ? kind : 'withdraw');
    setLeaving(next.enrollments.filter((e) => e.status === 'ACTIVE').map((e) => e.cohortId));
    changed();
  };
  const pickProduct = (value: string) => {
    const next = destinations?.products.find((p) => String(p.id) === value);
    setProductId(value);
    setCohortId(next?.cohorts[0] ? String(next.cohorts[0].id) : '');
    setPlanId(next?.paymentPlans[0] ? String(next.paymentPlans[0].id) : '');
    changed();
  };

  const transferBody = () => ({
    applicationId,
    destinationProductId: Number(productId),
    destinationCohortId: cohortId ? Number(cohortId) : undefined,
    productPaymentPlanId: planId ? Number(planId) : undefined,
    reason: reason.trim() || undefined,
  });
  const withdrawalKind = withdrawalKindFor(destinations?.businessCategory);
  const withdrawalBody = () => ({ applicationId, cohortIds: leaving, withdrawalDate: lastDay || undefined, reason: reason.trim() || undefined });
  const ready = kind === 'transfer' ? Boolean(product && cohortId && planId) : leaving.length > 0 && destinations !== null;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(describeError(error, ['withdrawalDate']));
    } finally {
      setBusy(false);
    }
  }
  const seeCost = () =>
    run(async () => {
      setPreview(kind === 'transfer' ? { transfer: await calls.previewTransfer(transferBody()) } : { withdrawal: await calls.previewWithdrawal(withdrawalKind, withdrawalBody()) });
    });
  const send = () =>
    run(async () => {
      if (kind === 'transfer') await calls.requestTransfer(transferBody());
      else await calls.requestWithdrawal(withdrawalKind, withdrawalBody());
      setPreview(null);
      setReason('');
      setSent(kind);
      onSent();
    });

  return (
    <Box component="form" noValidate onSubmit={(event) => event.preventDefault()} aria-label={t('moves.request.title')}>
      <Box sx={{ maxWidth: 560 }}>
        <SelectInput
          name="applicationId"
          label={t('moves.application')}
          value={String(applicationId)}
          onValueChange={pickApplication}
          options={applications.map((a) => ({ value: String(a.id), label: `${a.product?.name ?? ''} (${enumLabel('ApplicationStatus', a.status, locale)})` }))}
        />
      </Box>
      <FormControl component="fieldset" margin="normal">
        <FormLabel component="legend">{t('moves.kind')}</FormLabel>
        <RadioGroup
          row
          name="kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as Kind);
            changed();
          }}
        >
          <FormControlLabel value="transfer" control={<Radio />} label={t('moves.kind.transfer')} disabled={!canTransfer} />
          <FormControlLabel value="withdraw" control={<Radio />} label={t('moves.kind.withdraw')} />
        </RadioGroup>
        {!canTransfer && <FormHelperText>{t('moves.kind.transferClosed')}</FormHelperText>}
      </FormControl>

      {!destinations && !failure && <Typography color="text.secondary">{t('moves.loading')}</Typography>}
      {destinations && kind === 'transfer' && (
        <Box sx={{ maxWidth: 560 }}>
          {destinations.products.length === 0 ? (
            <FormMessage severity="info" testId="no-destinations">
              {t('moves.transfer.none')}
            </FormMessage>
          ) : (
            <>
              <SelectInput
                name="destinationProductId"
                label={t('moves.transfer.product')}
                value={productId}
                onValueChange={pickProduct}
                options={destinations.products.map((p) => ({ value: String(p.id), label: p.name }))}
              />
              <SelectInput
                name="destinationCohortId"
                label={t('moves.transfer.cohort')}
                value={cohortId}
                onValueChange={(value) => {
                  setCohortId(value);
                  changed();
                }}
                options={(product?.cohorts ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
              />
              <SelectInput
                name="productPaymentPlanId"
                label={t('moves.transfer.plan')}
                value={planId}
                onValueChange={(value) => {
                  setPlanId(value);
                  changed();
                }}
                options={(product?.paymentPlans ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              />
            </>
          )}
        </Box>
      )}
      {destinations && kind === 'withdraw' && (
        <Box sx={{ maxWidth: 560 }}>
          <FormControl component="fieldset" margin="normal" error={leaving.length === 0}>
            <FormLabel component="legend">{t('moves.withdraw.classes')}</FormLabel>
            <FormGroup>
              {activeClasses.map((e) => (
                <FormControlLabel
                  key={e.cohortId}
                  control={
                    <Checkbox
                      checked={leaving.includes(e.cohortId)}
                      onChange={(event) => {
                        setLeaving(event.target.checked ? [...leaving, e.cohortId] : leaving.filter((c) => c !== e.cohortId));
                        changed();
                      }}
                    />
                  }
                  label={e.cohortLabel}
                />
              ))}
            </FormGroup>
            {leaving.length === 0 && <FormHelperText>{t('moves.withdraw.pickClass')}</FormHelperText>}
          </FormControl>
          <TextInput
            name="withdrawalDate"
            type="date"
            label={t('moves.withdraw.date')}
            placeholder="YYYY-MM-DD"
            value={lastDay}
            onValueChange={(value) => {
              setLastDay(value);
              changed();
            }}
            error={failure?.fields.withdrawalDate}
            hint={t('moves.withdraw.dateHint')}
          />
        </Box>
      )}
      {destinations && (
        <Box sx={{ maxWidth: 560 }}>
          <TextInput
            name="reason"
            label={t('moves.reason')}
            value={reason}
            onValueChange={(value) => {
              setReason(value);
              setSent(null);
            }}
          />
        </Box>
      )}

      <ErrorAlert error={failure} testId="moves-refusal" />
      {sent && (
        <FormMessage severity="success" testId="moves-sent">
          {t(sent === 'transfer' ? 'moves.sent.transfer' : 'moves.sent.withdrawal')}
        </FormMessage>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', my: 2 }}>
        <Button variant={preview ? 'outlined' : 'contained'} onClick={seeCost} disabled={!ready || busy} aria-busy={busy || undefined}>
          {t('moves.preview')}
        </Button>
      </Box>
      {preview?.transfer && <TransferCost preview={preview.transfer} />}
      {preview?.withdrawal && <WithdrawalCost preview={preview.withdrawal} />}
      {preview && (
        <Button variant="contained" onClick={send} disabled={busy} aria-busy={busy || undefined}>
          {t('moves.send')}
        </Button>
      )}
    </Box>
  );
}

interface RequestRow {
  id: number;
  key: string;
  what: string;
  date: string;
  by: string;
  status: string;
  money: string;
  offer: Transfer | null;
  /** Takes back the student's own pending request (null when there is none to take back). */
  cancel: (() => Promise<unknown>) | null;
}

/** The student's own transfers and withdrawals, newest first, their status in words; their own pending ones can be cancelled. */
function MyRequests({ requests, onChanged }: { requests: Requests; onChanged(): void }) {
  const { t, locale } = useT();
  const calls = useTransfersApi();
  const usd = (value: number) => money(value, locale);
  const [asking, setAsking] = useState<RequestRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [cancelled, setCancelled] = useState(false);
  async function confirmCancel() {
    if (!asking?.cancel) return;
    setBusy(true);
    setFailure(null);
    try {
      await asking.cancel();
      setCancelled(true);
      onChanged();
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }
  const rows: RequestRow[] = [
    ...requests.transfers.map((r) => ({
      id: r.id,
      key: `transfer-${r.id}`,
      what: t('moves.mine.transfer', { from: r.originProduct?.name ?? '', to: r.destinationProduct?.name ?? '' }),
      date: r.createdAt,
      by: t(r.requestedBy === 'STAFF' ? 'moves.mine.byStaff' : 'moves.mine.byYou'),
      status: r.status === 'PENDING' && r.requestedBy === 'STUDENT' ? t('moves.mine.waiting') : enumLabel('TransferStatus', r.status, locale),
      money: t('moves.mine.transferMoney', { fee: usd(r.transferFee), rollover: usd(r.tuitionRollover) }),
      offer: isOpenOffer(r) ? r : null,
      cancel: isOwnPendingTransfer(r) ? () => calls.decide(r.id, 'REJECTED') : null,
    })),
    ...requests.withdrawals.map((r) => ({
      id: r.id,
      key: `withdrawal-${r.id}`,
      what: t('moves.mine.withdrawal', { program: r.program?.name ?? r.cohort?.label ?? '' }),
      date: r.createdAt,
      by: t(r.requestedBy === 'STAFF' ? 'moves.mine.byStaff' : 'moves.mine.byYou'),
      status: r.status === 'REQUESTED' ? t('moves.mine.waiting') : enumLabel('RequestStatus', r.status, locale),
      money: t('moves.mine.withdrawalMoney', { refund: usd(r.amountToBeRefund), responsibility: usd(r.tuitionResponsibility) }),
      offer: null,
      cancel: isOwnPendingWithdrawal(r) ? () => calls.cancelWithdrawal(r.kind, r.id) : null,
    })),
  ].sort((a, b) => b.date.localeCompare(a.date));
  const columns: Array<Column<RequestRow & { id: number }>> = [
    {
      key: 'what',
      label: t('moves.mine.what'),
      render: (r) =>
        r.offer ? (
          <Link to={transferPath(r.offer.id)} data-testid={`request-${r.key}-link`}>
            {r.what}
          </Link>
        ) : (
          r.what
        ),
    },
    { key: 'date', label: t('moves.mine.date'), render: (r) => schoolDate(r.date) },
    { key: 'by', label: t('moves.mine.by'), render: (r) => r.by },
    { key: 'status', label: t('moves.mine.status'), render: (r) => r.status },
    { key: 'money', label: t('moves.mine.money'), render: (r) => r.money },
    {
      key: 'actions',
      label: t('moves.mine.actions'),
      render: (r) =>
        r.cancel ? (
          <Button
            size="small"
            onClick={() => {
              setCancelled(false);
              setFailure(null);
              setAsking(r);
            }}
            disabled={busy}
            data-testid={`request-${r.key}-cancel`}
          >
            {t('moves.mine.cancel')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Section title={t('moves.mine.title')} id="requests-heading">
      <ErrorAlert error={failure} testId="cancel-refusal" />
      {cancelled && (
        <FormMessage severity="success" testId="cancel-done">
          {t('moves.mine.cancelled')}
        </FormMessage>
      )}
      <Dialog open={asking !== null} onClose={() => !busy && setAsking(null)} aria-labelledby="cancel-request-title">
        <DialogTitle id="cancel-request-title">{t('moves.mine.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{asking ? t('moves.mine.cancelBody', { what: asking.what }) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)} disabled={busy}>
            {t('moves.mine.keep')}
          </Button>
          <Button variant="contained" color="error" onClick={() => void confirmCancel()} disabled={busy} aria-busy={busy || undefined}>
            {t('moves.mine.cancelConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
      {rows.length ? (
        <Box data-testid="requests">
          {/* DataTable keys rows by id; transfers and withdrawals are numbered apart, so each row gets its own. */}
          <DataTable label={t('moves.mine.title')} columns={columns} rows={rows.map((r, i) => ({ ...r, id: i + 1 }))} testId="request" />
        </Box>
      ) : (
        <Typography color="text.secondary" data-testid="requests-none">
          {t('moves.mine.none')}
        </Typography>
      )}
    </Section>
  );
}
