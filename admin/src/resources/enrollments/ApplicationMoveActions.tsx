import { useState } from 'react';
import { Stack } from '@mui/material';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import LogoutIcon from '@mui/icons-material/Logout';
import { Button, useCanAccess } from 'react-admin';
import type { ApplicationRecord } from '../../common/applicationRecord';
import { TransferDialog } from '../../common/TransferDialog';
import { TRANSFERS } from '../../common/transferRecord';
import { WithdrawDialog } from '../../common/WithdrawDialog';
import { WITHDRAWALS } from '../../common/withdrawalRecord';

/** Only an enrolled application is transferred (platform spec "Only ENROLLED applications can be transferred"). */
export const canTransfer = (status: ApplicationRecord['status']) => status === 'ENROLLED';
/** An enrolled application is withdrawn from, and one partly withdrawn from its remaining classes. */
export const canWithdraw = (status: ApplicationRecord['status']) => status === 'ENROLLED' || status === 'PARTIAL_WITHDRAWN';

/**
 * 'Transfer' and 'Withdraw' on the application's overview, for staff who may create them: each opens
 * its dialog, which previews the money before Confirm (admin/src/common/TransferDialog.tsx,
 * WithdrawDialog.tsx).
 */
export function ApplicationMoveActions({ record }: { record: ApplicationRecord }) {
  const { canAccess: mayTransfer = false } = useCanAccess({ resource: TRANSFERS, action: 'create' });
  const { canAccess: mayWithdraw = false } = useCanAccess({ resource: WITHDRAWALS, action: 'create' });
  const [open, setOpen] = useState<'transfer' | 'withdraw' | null>(null);
  const transfer = mayTransfer && canTransfer(record.status);
  const withdraw = mayWithdraw && canWithdraw(record.status);
  if (!transfer && !withdraw) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid="application-move-actions">
      {transfer ? (
        <>
          <Button label="resources.enrollments.move_actions.transfer" variant="outlined" size="small" onClick={() => setOpen('transfer')} data-testid="application-transfer">
            <SwapHorizIcon />
          </Button>
          <TransferDialog application={record} open={open === 'transfer'} onClose={() => setOpen(null)} />
        </>
      ) : null}
      {withdraw ? (
        <>
          <Button label="resources.enrollments.move_actions.withdraw" variant="outlined" size="small" onClick={() => setOpen('withdraw')} data-testid="application-withdraw">
            <LogoutIcon />
          </Button>
          <WithdrawDialog application={record} open={open === 'withdraw'} onClose={() => setOpen(null)} />
        </>
      ) : null}
    </Stack>
  );
}
