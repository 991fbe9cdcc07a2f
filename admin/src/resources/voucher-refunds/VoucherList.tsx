import { useState } from 'react';
import { Box, Chip, LinearProgress, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, FilterLiveSearch, ListBase, Pagination, Title, useCanAccess, useListContext, useTranslate } from 'react-admin';
import { formatDate } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { DrawerFrame } from '../../common/RecordDrawer';
import { VoucherForm } from './VoucherForm';
import { VOUCHERS, type VoucherRecord } from './voucherRefundRecord';

const f = (key: string) => `resources.voucher-refunds.voucher.fields.${key}`;

/** '25%' or '$100.00'. */
export function voucherValueText(voucher: Pick<VoucherRecord, 'discountKind' | 'discountValue'>): string {
  return voucher.discountKind === 'PERCENT_OFF' ? `${voucher.discountValue}%` : formatMoney(voucher.discountValue);
}

function VoucherTable({ onOpen }: { onOpen: (voucher: VoucherRecord) => void }) {
  const translate = useTranslate();
  const { isPending } = useListContext();
  if (isPending) return <LinearProgress />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <DataTable<VoucherRecord>
        rowClick={(_id, _resource, record) => {
          onOpen(record as VoucherRecord);
          return false;
        }}
        bulkActionButtons={false}
      >
        <DataTable.Col source="id" label={f('id')} />
        <DataTable.Col source="code" label={f('code')} />
        <DataTable.Col source="description" label={f('description')} disableSort />
        <DataTable.Col
          source="discountKind"
          label={f('discount')}
          disableSort
          render={(record) => `${voucherValueText(record as VoucherRecord)} · ${translate(`enums.VoucherDiscountKind.${record.discountKind}`, { _: String(record.discountKind) })}`}
        />
        <DataTable.Col source="scope" label={f('scope')} disableSort render={(record) => translate(`enums.VoucherScope.${record.scope}`, { _: String(record.scope) })} />
        <DataTable.Col
          source="validFrom"
          label={f('validity')}
          disableSort
          render={(record) => (record.validFrom || record.validTo ? `${formatDate(record.validFrom) || '…'} – ${formatDate(record.validTo) || '…'}` : '—')}
        />
        <DataTable.Col
          source="timesUsed"
          label={f('uses')}
          disableSort
          render={(record) => (record.useLimit ? `${record.timesUsed} / ${record.useLimit}` : String(record.timesUsed ?? 0))}
        />
        <DataTable.Col
          source="active"
          label={f('active')}
          disableSort
          render={(record) => (
            <Chip
              size="small"
              variant="outlined"
              color={record.active ? 'success' : 'default'}
              label={translate(record.active ? 'app.yes' : 'app.no')}
              data-testid={`voucher-active-${record.id}`}
            />
          )}
        />
      </DataTable>
      <Pagination rowsPerPageOptions={[10, 25, 50]} />
    </Box>
  );
}

/**
 * The voucher definitions (GET /vouchers, keyword on code and description), with their add/edit
 * drawer: 'New voucher' with vouchers:create, a row opens the form with vouchers:update.
 */
export function VoucherList() {
  const translate = useTranslate();
  const { canAccess: canCreate = false } = useCanAccess({ resource: VOUCHERS, action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: VOUCHERS, action: 'edit' });
  const [open, setOpen] = useState<VoucherRecord | 'create' | null>(null);
  const close = () => setOpen(null);
  return (
    <Box data-testid="voucher-definitions" sx={{ p: 2 }}>
      <Title title={translate('resources.voucher-refunds.views.vouchers')} />
      <ListBase<VoucherRecord> resource={VOUCHERS} perPage={10} sort={{ field: 'id', order: 'DESC' }} disableSyncWithLocation>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
          <FilterLiveSearch source="q" label="resources.voucher-refunds.voucher.search" placeholder="" sx={{ minWidth: 240 }} />
          {canCreate ? (
            <Button label="resources.voucher-refunds.voucher.create" onClick={() => setOpen('create')} data-testid="create-voucher">
              <AddIcon />
            </Button>
          ) : null}
        </Stack>
        <VoucherTable onOpen={(voucher) => (canEdit ? setOpen(voucher) : undefined)} />
      </ListBase>
      <DrawerFrame
        open={open !== null}
        onClose={close}
        title={
          open === 'create'
            ? translate('resources.voucher-refunds.voucher.titles.new')
            : open
              ? translate('resources.voucher-refunds.voucher.titles.edit', { code: open.code })
              : null
        }
      >
        {open !== null ? <VoucherForm key={open === 'create' ? 'create' : open.id} record={open === 'create' ? null : open} onDone={close} /> : null}
      </DrawerFrame>
    </Box>
  );
}
