import { useState } from 'react';
import { Stack } from '@mui/material';
import { Button, Confirm, useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { ENROLLMENTS, closingStatuses, nextStatuses, type ApplicationRecord, type ApplicationStatusValue } from './applicationRecord';

const a = (key: string) => `resources.enrollments.status_actions.${key}`;

/**
 * One button per legal next status of the machine (staff with applications:status), each asking
 * first, then PATCH /applications/{id}/status?status=… — pessimistic: the drawer shows the new status
 * once the server has moved it. A refusal ('The enrollment agreement is not signed', 'Invalid
 * status', 'Already enrolled'...) is notified with the server's message, in the console's language.
 */
export function ApplicationStatusActions({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess } = useCanAccess({ resource: ENROLLMENTS, action: 'status' });
  const [target, setTarget] = useState<ApplicationStatusValue | null>(null);
  const [pending, setPending] = useState(false);
  const moves = nextStatuses(record.status);
  if (!canAccess || moves.length === 0) return null;

  const statusLabel = (s: ApplicationStatusValue) => translate(`enums.ApplicationStatus.${s}`, { _: s });

  async function move(to: ApplicationStatusValue) {
    setPending(true);
    try {
      await dataProvider.changeApplicationStatus(record.id, to);
      notify(a('changed'), { type: 'success', messageArgs: { status: statusLabel(to) } });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid="status-actions">
      {moves.map((to) => (
        <Button
          key={to}
          label={a(`to.${to}`)}
          variant={closingStatuses.has(to) ? 'outlined' : 'contained'}
          color={closingStatuses.has(to) ? 'warning' : 'primary'}
          size="small"
          disabled={pending}
          onClick={() => setTarget(to)}
          data-testid={`status-to-${to}`}
        />
      ))}
      <Confirm
        isOpen={target !== null}
        loading={pending}
        title={a('confirm_title')}
        content={a('confirm_content')}
        titleTranslateOptions={{ id: record.id, status: target ? statusLabel(target) : '' }}
        contentTranslateOptions={{ from: statusLabel(record.status), to: target ? statusLabel(target) : '' }}
        onClose={() => setTarget(null)}
        onConfirm={() => {
          const to = target;
          setTarget(null);
          if (to) void move(to);
        }}
      />
    </Stack>
  );
}
