import { useState, type ReactNode } from 'react';
import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, ListBase, SelectInput, TextInput, useCanAccess, useListContext, useTranslate, type Identifier } from 'react-admin';
import { formatDate } from '../../common/dates';
import { EnumField, useEnumChoices } from '../../common/enums';
import { DrawerFrame } from '../../common/RecordDrawer';
import { requiredValue } from '../../common/validation';
import { NestedRecordEditor } from '../../common/NestedRecordEditor';
import { CATEGORIES, linesResource, maxChars, toLinePayload, type AccountingLine, type BusinessCategory } from '../../common/businessCategoryRecord';

const t = (key: string) => `resources.business-categories.${key}`;

/** The accounting line form body: description, type (charge or credit) and category. */
function LineInputs() {
  const types = useEnumChoices('AdjustmentType');
  const categories = useEnumChoices('AdjustmentCategory');
  return (
    <>
      <TextInput source="description" label={t('line_fields.description')} validate={[requiredValue, maxChars(255)]} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <SelectInput source="type" label={t('line_fields.type')} choices={types} validate={requiredValue} fullWidth />
        <SelectInput source="category" label={t('line_fields.category')} choices={categories} validate={requiredValue} fullWidth />
      </Stack>
    </>
  );
}

const transform = (data: AccountingLine) => toLinePayload(data) as unknown as AccountingLine;

/**
 * Add (POST) or edit (PUT) one accounting line, pessimistically: the drawer closes on the server's
 * answer, a 400's field errors land under the inputs. Lines have no delete call.
 */
export function LineEditor({ categoryId, lineId, onDone }: { categoryId: Identifier; lineId: Identifier | 'create'; onDone: () => void }) {
  // The nested resource is not one react-admin knows: access is checked on the category (below), and the API enforces it.
  return (
    <NestedRecordEditor<AccountingLine>
      resource={linesResource(categoryId)}
      id={lineId}
      transform={transform}
      inputs={<LineInputs />}
      createdMessage={t('notifications.line_created')}
      savedMessage={t('notifications.line_saved')}
      onDone={onDone}
    />
  );
}

/** How many rows the tab's list holds, with its add button on the right. */
export function TabHeader({ count, action }: { count: string; action?: ReactNode }) {
  const translate = useTranslate();
  const { total, isPending } = useListContext();
  return (
    <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1} sx={{ mb: 1, minHeight: 36 }}>
      <Typography variant="body2" color="text.secondary" data-testid="tab-count">
        {isPending ? '' : translate(t(count), { smart_count: total ?? 0 })}
      </Typography>
      {action}
    </Stack>
  );
}

function LinesTable({ onOpen, canEdit }: { onOpen: (id: Identifier) => void; canEdit: boolean }) {
  const translate = useTranslate();
  const { isPending } = useListContext();
  if (isPending) return <LinearProgress />;
  return (
    <DataTable<AccountingLine>
      rowClick={
        canEdit
          ? (id) => {
              onOpen(id);
              return false;
            }
          : false
      }
      bulkActionButtons={false}
      empty={
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="lines-empty">
          {translate(t('messages.no_lines'))}
        </Typography>
      }
    >
      <DataTable.Col source="description" label={t('line_fields.description')} />
      <DataTable.Col source="type" label={t('line_fields.type')}>
        <EnumField enumName="AdjustmentType" source="type" />
      </DataTable.Col>
      <DataTable.Col source="category" label={t('line_fields.category')}>
        <EnumField enumName="AdjustmentCategory" source="category" />
      </DataTable.Col>
      <DataTable.Col source="updatedAt" label={t('line_fields.updatedAt')} render={(record) => formatDate(record.updatedAt)} />
    </DataTable>
  );
}

/**
 * The accounting lines tab: the category's lines (GET .../accounting_lines, one page of 100 by id),
 * 'Add accounting line' with business_categories:create, a row opens the line with :update.
 */
export function AccountingLines({ category }: { category: BusinessCategory }) {
  const translate = useTranslate();
  const create = useCanAccess({ resource: CATEGORIES, action: 'create' });
  const edit = useCanAccess({ resource: CATEGORIES, action: 'edit' });
  const [open, setOpen] = useState<Identifier | 'create' | null>(null);
  return (
    <Box data-testid="accounting-lines">
      <ListBase<AccountingLine> resource={linesResource(category.id)} perPage={100} sort={{ field: 'id', order: 'ASC' }} disableSyncWithLocation disableAuthentication>
        <TabHeader
          count="messages.lines_count"
          action={
            create.canAccess ? (
              <Button label={t('actions.add_line')} variant="outlined" onClick={() => setOpen('create')} data-testid="add-line">
                <AddIcon />
              </Button>
            ) : null
          }
        />
        <LinesTable onOpen={setOpen} canEdit={Boolean(edit.canAccess)} />
      </ListBase>
      <DrawerFrame open={open !== null} onClose={() => setOpen(null)} title={translate(open === 'create' ? t('titles.new_line') : t('titles.edit_line'))}>
        {open !== null ? <LineEditor categoryId={category.id} lineId={open} onDone={() => setOpen(null)} /> : null}
      </DrawerFrame>
    </Box>
  );
}
