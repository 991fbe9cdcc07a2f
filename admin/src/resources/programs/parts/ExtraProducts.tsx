import { useEffect, useMemo, useState } from 'react';
import { Box, Chip, LinearProgress, Stack, Switch, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import {
  BooleanInput,
  Button,
  DataTable,
  FilterLiveForm,
  FilterLiveSearch,
  ListContextProvider,
  NullableBooleanInput,
  SelectInput,
  useList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../../common/dates';
import { EnumField, useEnumChoices } from '../../../common/enums';
import { FilterChips } from '../../../common/FilterChips';
import { formatMoney, MoneyField } from '../../../common/money';
import { DrawerFrame } from '../../../common/RecordDrawer';
import { useAppDataProvider } from '../../../providers/useAppDataProvider';
import { InfoRow, InfoSection } from '../../../common/InfoSection';
import { PROGRAMS, type ProgramRecord } from '../programRecord';
import { ExtraProductInputs } from './ExtraProductInputs';
import { NestedRecordEditor } from '../../../common/NestedRecordEditor';
import { useServerRefusal } from '../../../common/useServerRefusal';
import { LastChanged } from '../../../common/LastChanged';
import { ConfirmButton, pt, TabHeader, usePartAccess } from './PartsCommon';
import { extraProductFilterDescriptors, extraProductsResource, NEW_EXTRA_PRODUCT, toExtraProductPayload, type ExtraProductRecord } from './partsRecord';

const f = (key: string) => pt(`extra_products.fields.${key}`);
const transform = (data: ExtraProductRecord) => toExtraProductPayload(data) as unknown as ExtraProductRecord;
const queryKeyOf = (programId: ProgramRecord['id']) => [PROGRAMS, String(programId), 'extra_products'];

/** Publish / unpublish and archive one extra product, each through its own call; refusals show the server's message. */
function useExtraProductActions(program: ProgramRecord) {
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const onError = useServerRefusal();
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeyOf(program.id) });
  return {
    reload,
    publish: async (product: ExtraProductRecord, publish: boolean) => {
      try {
        await dataProvider.publishExtraProduct(program.id, product.id, publish);
        notify(pt(`extra_products.notifications.${publish ? 'published' : 'unpublished'}`), { type: 'success', messageArgs: { name: product.name } });
      } catch (error) {
        onError(error);
      }
      await reload();
    },
    archive: async (product: ExtraProductRecord) => {
      await dataProvider.archiveExtraProduct(program.id, product.id);
      notify(pt('extra_products.notifications.archived'), { type: 'success', messageArgs: { name: product.name } });
      await reload();
    },
  };
}

function PublishSwitch({ program, product, disabled }: { program: ProgramRecord; product: ExtraProductRecord; disabled: boolean }) {
  const translate = useTranslate();
  const { publish } = useExtraProductActions(program);
  const [pending, setPending] = useState(false);
  const label = translate(pt(`extra_products.actions.${product.published ? 'unpublish' : 'publish'}`));
  return (
    <Tooltip title={disabled ? '' : label}>
      <span>
        <Switch
          size="small"
          checked={product.published}
          disabled={disabled || pending}
          slotProps={{ input: { 'aria-label': label } }}
          data-testid={`publish-${product.id}`}
          onClick={(event) => event.stopPropagation()}
          onChange={async (_event, checked) => {
            setPending(true);
            await publish(product, checked);
            setPending(false);
          }}
        />
      </span>
    </Tooltip>
  );
}

/** Archive one extra product (asks first); the drawer closes after. */
function ArchiveButton({ program, record, onDone }: { program: ProgramRecord; record: ExtraProductRecord; onDone: () => void }) {
  const { archive } = useExtraProductActions(program);
  return (
    <ConfirmButton
      label={pt('extra_products.actions.archive')}
      title={pt('extra_products.actions.archive_title')}
      content={pt('extra_products.actions.archive_content')}
      name={record.name}
      testId="archive-extra-product"
      icon={<ArchiveIcon />}
      action={() => archive(record)}
      onDone={onDone}
    />
  );
}

/** Add (POST, unpublished) or edit (PUT) one extra product, pessimistically; archive asks first. */
function ExtraProductEditor({
  program,
  productId,
  canDelete,
  onDone,
}: {
  program: ProgramRecord;
  productId: ExtraProductRecord['id'] | 'create';
  canDelete: boolean;
  onDone: () => void;
}) {
  const { reload } = useExtraProductActions(program);
  return (
    <NestedRecordEditor<ExtraProductRecord>
      resource={extraProductsResource(program.id)}
      id={productId}
      transform={transform}
      defaultValues={NEW_EXTRA_PRODUCT}
      inputs={<ExtraProductInputs />}
      createdMessage={pt('extra_products.notifications.created')}
      savedMessage={pt('extra_products.notifications.saved')}
      onDone={async () => {
        await reload();
        onDone();
      }}
      plainToolbar
      deleteButton={(record) => (canDelete ? <ArchiveButton program={program} record={record} onDone={onDone} /> : null)}
      footer={(record) => <LastChanged record={record} />}
    />
  );
}

/** An extra product for staff who may not change it, or an archived one. */
function ExtraProductView({ product }: { product: ExtraProductRecord }) {
  const translate = useTranslate();
  const yesNo = (v: boolean) => translate(v ? 'app.yes' : 'app.no');
  return (
    <Box data-testid="extra-product-view">
      <InfoSection title={pt('extra_products.titles.edit')}>
        <InfoRow label={f('name')}>{product.name}</InfoRow>
        <InfoRow label={f('type')}>{translate(`enums.ExtraProductType.${product.type}`, { _: product.type })}</InfoRow>
        <InfoRow label={f('priceType')}>{translate(`enums.ExtraProductPriceType.${product.priceType}`, { _: product.priceType })}</InfoRow>
        <InfoRow label={f('price')}>{formatMoney(product.price)}</InfoRow>
        <InfoRow label={f('calculateTaxes')}>{yesNo(product.calculateTaxes)}</InfoRow>
        <InfoRow label={f('multipleItemPurchase')}>{yesNo(product.multipleItemPurchase)}</InfoRow>
        <InfoRow label={f('published')}>{yesNo(product.published)}</InfoRow>
        <InfoRow label={f('deleted')}>{yesNo(product.deleted)}</InfoRow>
        <InfoRow label={f('description')}>{product.description}</InfoRow>
      </InfoSection>
      <LastChanged record={product} />
    </Box>
  );
}

function ProductName({ product }: { product: ExtraProductRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <span>{product.name}</span>
      {product.deleted ? <Chip size="small" color="warning" label={translate(pt('extra_products.messages.archived_chip'))} data-testid={`archived-${product.id}`} /> : null}
    </Stack>
  );
}

const filterInputProps = { helperText: false as const, size: 'small' as const, margin: 'dense' as const, fullWidth: false };

/** The filters over the rows: keyword, 'Show archived' (asks the server for the archived ones), published, type. */
function ExtraProductFilters() {
  const types = useEnumChoices('ExtraProductType');
  return (
    <FilterLiveForm>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2, alignItems: 'center' }}
        data-testid="extra-product-filters"
      >
        <FilterLiveSearch source="q" label={pt('extra_products.filters.search')} placeholder="" fullWidth />
        <BooleanInput source="deleted" label={pt('extra_products.filters.show_archived')} parse={(v: unknown) => (v ? true : undefined)} {...filterInputProps} />
        <NullableBooleanInput source="published" label={pt('extra_products.filters.published')} {...filterInputProps} fullWidth />
        <SelectInput source="type" label={pt('extra_products.filters.type')} choices={types} emptyText="—" {...filterInputProps} fullWidth />
      </Box>
    </FilterLiveForm>
  );
}

/**
 * The extra products tab: the program's extra products by name (GET /programs/{id}/extra_products;
 * the archived ones instead with 'Show archived'), filtered in the tab by keyword, published and type
 * with chips ('Published: Yes'); a publish switch per row (programs:update); a row opens its drawer —
 * the form (archive with programs:delete) or, read only, its details.
 */
export function ExtraProducts({ program }: { program: ProgramRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const access = usePartAccess(program);
  const descriptors = useMemo(() => extraProductFilterDescriptors(), []);
  const [archived, setArchived] = useState(false);
  const { data, isPending } = useQuery({
    queryKey: [...queryKeyOf(program.id), { deleted: archived }],
    queryFn: () => dataProvider.programExtraProducts(program.id, { deleted: archived }),
  });
  const listContext = useList<ExtraProductRecord>({ data: data?.data as ExtraProductRecord[] | undefined, isPending, perPage: 1000, sort: { field: 'name', order: 'ASC' } });
  // 'Show archived' is a server filter (archived rows are not in the plain list); the rest filter the loaded rows.
  const wantArchived = listContext.filterValues?.deleted === true;
  useEffect(() => {
    if (wantArchived !== archived) setArchived(wantArchived);
  }, [wantArchived, archived]);
  const [open, setOpen] = useState<ExtraProductRecord | 'create' | null>(null);
  const close = () => setOpen(null);
  const title = open === 'create' ? translate(pt('extra_products.titles.new')) : open ? open.name : null;
  const editable = (product: ExtraProductRecord) => access.canEdit && !product.deleted;

  return (
    <Box data-testid="extra-products">
      <ListContextProvider value={listContext}>
        <TabHeader
          program={program}
          caption={pt('extra_products.title')}
          action={
            access.canCreate ? (
              <Button label={pt('extra_products.actions.add')} variant="outlined" onClick={() => setOpen('create')} data-testid="add-extra-product">
                <AddIcon />
              </Button>
            ) : null
          }
        />
        <ExtraProductFilters />
        <FilterChips descriptors={descriptors} />
        {isPending ? (
          <LinearProgress />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <DataTable<ExtraProductRecord>
              rowClick={(_id, _resource, record) => {
                setOpen(record as ExtraProductRecord);
                return false;
              }}
              bulkActionButtons={false}
              empty={
                <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="extra-products-empty">
                  {translate(pt('extra_products.empty'))}
                </Typography>
              }
            >
              <DataTable.Col source="name" label={f('name')} render={(record) => <ProductName product={record as ExtraProductRecord} />} />
              <DataTable.Col source="type" label={f('type')}>
                <EnumField enumName="ExtraProductType" source="type" />
              </DataTable.Col>
              <DataTable.Col source="price" label={f('price')} align="right">
                <MoneyField source="price" />
              </DataTable.Col>
              <DataTable.Col
                source="published"
                label={f('published')}
                disableSort
                render={(record) => <PublishSwitch program={program} product={record as ExtraProductRecord} disabled={!editable(record as ExtraProductRecord)} />}
              />
              <DataTable.Col source="updatedAt" label={f('updatedAt')} render={(record) => formatDate(record.updatedAt)} />
            </DataTable>
          </Box>
        )}
      </ListContextProvider>
      <DrawerFrame open={open !== null} onClose={close} title={title}>
        {open === 'create' ? <ExtraProductEditor program={program} productId="create" canDelete={false} onDone={close} /> : null}
        {open && open !== 'create' ? (
          editable(open) ? (
            <ExtraProductEditor program={program} productId={open.id} canDelete={access.canDelete} onDone={close} />
          ) : (
            <ExtraProductView product={open} />
          )
        ) : null}
      </DrawerFrame>
    </Box>
  );
}

export default ExtraProducts;
