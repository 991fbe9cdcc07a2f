/**
 * Payment information → payment method: the student's cards (GET /students/{id}/payment_methods),
 * make one the default (PUT .../{methodId}/default), delete one after a confirmation (DELETE; the
 * server's refusals — a card of a pending installment, the default card while a balance remains —
 * are shown in the portal's language), and add one with the enrollment step's card form.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import type { PaymentMethod, PlanDetail } from '../../lib/billing-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { AddCardForm } from '../enrollment/PaymentMethodStep';
import { cardLabel, expiry } from '../enrollment/format';
import { useLoad } from '../enrollment/useLoad';
import { useT } from './i18n';
import { Empty, LoadedView, Section, useBillingApi } from './parts';

export function CardsTab({ studentId, plan }: { studentId: number; plan: PlanDetail | null }) {
  const calls = useBillingApi();
  const { t } = useT();
  const loaded = useLoad(async () => {
    const [config, cards] = await Promise.all([calls.gatewayConfig(), calls.paymentMethods(studentId)]);
    return { config, cards };
  }, [calls, studentId]);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      await action();
      await loaded.reload();
      setNotice(done);
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  const planCardId = plan?.terms?.paymentMethod?.id ?? null;
  return (
    <Section title={t('pay.cards.title')} id="cards-heading">
      <LoadedView loaded={loaded} testId="cards">
        {({ config, cards }) => (
          <>
            <ErrorAlert error={failure} testId="cards-error" />
            {notice && (
              <FormMessage severity="success" testId="cards-notice">
                {notice}
              </FormMessage>
            )}
            {cards.length === 0 && <Empty testId="cards-none">{t('pay.cards.none')}</Empty>}
            <List aria-labelledby="cards-heading" disablePadding>
              {cards.map((card: PaymentMethod) => {
                const label = cardLabel(card);
                return (
                  <ListItem key={card.id} divider data-testid={`card-${card.id}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 0 }}>
                    <Typography sx={{ flexGrow: 1 }}>{t('pay.cards.card', { card: label, expiry: expiry(card) })}</Typography>
                    {card.isDefault && <Chip size="small" color="primary" variant="outlined" label={t('pay.cards.default')} />}
                    {card.id === planCardId && <Chip size="small" variant="outlined" label={t('pay.cards.planCard')} />}
                    {confirming === card.id ? (
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="group" aria-label={t('pay.cards.confirmDelete', { card: label })}>
                        <Typography variant="body2">{t('pay.cards.confirmDelete', { card: label })}</Typography>
                        <Button
                          color="error"
                          size="small"
                          disabled={busy}
                          onClick={() => run(() => calls.deletePaymentMethod(studentId, card.id), t('pay.cards.deleted', { card: label }))}
                        >
                          {t('pay.cards.confirm')}
                        </Button>
                        <Button size="small" color="inherit" disabled={busy} onClick={() => setConfirming(null)}>
                          {t('pay.cards.keep')}
                        </Button>
                      </Box>
                    ) : (
                      <Box sx={{ display: 'flex', gap: 1 }}>
                        {!card.isDefault && (
                          <Button
                            size="small"
                            disabled={busy}
                            aria-label={t('pay.cards.setDefaultNamed', { card: label })}
                            onClick={() => run(() => calls.setDefaultPaymentMethod(studentId, card.id), t('pay.cards.defaultSet', { card: label }))}
                          >
                            {t('pay.cards.setDefault')}
                          </Button>
                        )}
                        <Button size="small" color="error" disabled={busy} aria-label={t('pay.cards.deleteNamed', { card: label })} onClick={() => setConfirming(card.id)}>
                          {t('pay.cards.delete')}
                        </Button>
                      </Box>
                    )}
                  </ListItem>
                );
              })}
            </List>
            {adding || cards.length === 0 ? (
              <AddCardForm
                sandbox={config.gateway === 'SANDBOX'}
                studentId={studentId}
                canCancel={cards.length > 0}
                onCancel={() => setAdding(false)}
                onAdded={(card) => {
                  setAdding(false);
                  setFailure(null);
                  void loaded.reload().then(() => setNotice(t('pay.cards.added', { card: cardLabel(card) })));
                }}
              />
            ) : (
              <Button onClick={() => setAdding(true)} sx={{ mt: 2 }} variant="outlined">
                {t('pay.cards.add')}
              </Button>
            )}
          </>
        )}
      </LoadedView>
    </Section>
  );
}
