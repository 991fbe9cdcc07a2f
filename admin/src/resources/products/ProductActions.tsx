import { useState, type ReactElement } from 'react';
import { Stack } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import PaymentsIcon from '@mui/icons-material/Payments';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import { Button, Confirm, useCanAccess, useNotify, useRefresh } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { PRODUCTS, plansPath, type EnrollingStatus, type Product } from './productRecord';
import { useServerRefusal } from '../../common/useServerRefusal';

const a = (key: string) => `resources.products.actions.${key}`;
const n = (key: string) => `resources.products.notifications.${key}`;

/** The enrolling window as read in a notification: '01-15-2030 – 02-15-2030' (an open end reads '…'). */
export function windowText(status: Pick<EnrollingStatus, 'enrollingStartDate' | 'enrollingEndDate'>): string {
  if (!status.enrollingStartDate && !status.enrollingEndDate) return '';
  return `${formatDate(status.enrollingStartDate) || '…'} – ${formatDate(status.enrollingEndDate) || '…'}`;
}

/** The notification of GET /products/{id}/check_enrolling_status. */
export function enrollingNotification(status: Pick<EnrollingStatus, 'enrolling' | 'enrollingStartDate' | 'enrollingEndDate'>): { key: string; window: string } {
  const window = windowText(status);
  if (!window) return { key: n('no_window'), window };
  return { key: n(status.enrolling ? 'enrolling_now' : 'not_enrolling'), window };
}

function ActionButton({ label, icon, onClick, disabled, testId }: { label: string; icon: ReactElement; onClick: () => void; disabled?: boolean; testId: string }) {
  return (
    <Button label={label} variant="outlined" size="small" onClick={onClick} disabled={disabled} data-testid={testId}>
      {icon}
    </Button>
  );
}

/**
 * The product drawer's actions, each through its own API call (never a PUT of the state): Publish or
 * Unpublish (products:publish), Check enrolling status, the payment plans screen, Archive (with a
 * confirmation) or Undelete (products:delete). A refusal — 'A product needs a payment plan and a
 * product item to be published', an archive block — is notified with the server's message.
 */
export function ProductActions({ record }: { record: Product }) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { search } = useLocation();
  const publish = useCanAccess({ resource: PRODUCTS, action: 'publish' });
  const remove = useCanAccess({ resource: PRODUCTS, action: 'delete' });
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function run(call: () => Promise<unknown>, success?: string) {
    setPending(true);
    try {
      await call();
      if (success) notify(success, { type: 'success' });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  async function checkEnrolling() {
    setPending(true);
    try {
      const status = await dataProvider.productEnrollingStatus(record.id);
      const { key, window } = enrollingNotification(status);
      notify(key, { type: status.enrolling ? 'success' : 'info', messageArgs: { window } });
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid="product-actions">
      {publish.canAccess && !record.deleted ? (
        record.published ? (
          <ActionButton
            label={a('unpublish')}
            icon={<UnpublishedIcon />}
            disabled={pending}
            testId="unpublish-product"
            onClick={() => run(() => dataProvider.publishProduct(record.id, false), n('unpublished'))}
          />
        ) : (
          <ActionButton
            label={a('publish')}
            icon={<PublishIcon />}
            disabled={pending}
            testId="publish-product"
            onClick={() => run(() => dataProvider.publishProduct(record.id), n('published'))}
          />
        )
      ) : null}
      <ActionButton label={a('check_enrolling')} icon={<EventAvailableIcon />} disabled={pending} testId="check-enrolling" onClick={checkEnrolling} />
      <Button component={RouterLink} to={`${plansPath(record.id)}${search}`} label={a('payment_plans')} variant="outlined" size="small" data-testid="product-plans-link">
        <PaymentsIcon />
      </Button>
      {remove.canAccess ? (
        record.deleted ? (
          <ActionButton
            label={a('undelete')}
            icon={<UnarchiveIcon />}
            disabled={pending}
            testId="undelete-product"
            onClick={() => run(() => dataProvider.undeleteProduct(record.id), n('undeleted'))}
          />
        ) : (
          <ActionButton label={a('archive')} icon={<ArchiveIcon />} disabled={pending} testId="archive-product" onClick={() => setConfirming(true)} />
        )
      ) : null}
      <Confirm
        isOpen={confirming}
        title={a('archive_title')}
        content={a('archive_content')}
        titleTranslateOptions={{ name: record.name }}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void run(() => dataProvider.archiveProduct(record.id), n('archived'));
        }}
      />
    </Stack>
  );
}
