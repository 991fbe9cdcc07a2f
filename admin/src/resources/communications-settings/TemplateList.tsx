import { useState } from 'react';
import { Box, Chip, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, List, SearchInput, SelectInput, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { useEnumChoices } from '../../common/enums';
import { NoResults } from '../../common/NoResults';
import { TemplateDrawer } from './TemplateDrawer';
import { SETTINGS, TEMPLATES, t, type TemplateRecord } from './templateRecord';

const f = (key: string) => t(`fields.${key}`);

/** The communication templates: keyword (name or key), category and type filters; a row opens its drawer. */
export function TemplateList() {
  const translate = useTranslate();
  const categories = useEnumChoices('CommunicationCategory');
  const kinds = useEnumChoices('CommunicationKind');
  const { canAccess: canCreate } = useCanAccess({ resource: SETTINGS, action: 'create' });
  const [open, setOpen] = useState<number | 'create' | null>(null);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(t('filters.keyword'))} />,
    <SelectInput key="category" source="category" label={f('category')} choices={categories} alwaysOn data-testid="filter-category" />,
    <SelectInput key="type" source="type" label={f('type')} choices={kinds} alwaysOn data-testid="filter-type" />,
  ];
  return (
    <>
      <List
        resource={TEMPLATES}
        disableSyncWithLocation
        storeKey={`${SETTINGS}.templates`}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        empty={false}
        title={false}
        actions={
          <TopToolbar sx={{ alignItems: 'center' }}>
            {canCreate ? (
              <Button label={t('actions.create')} onClick={() => setOpen('create')} data-testid="create-template">
                <AddIcon />
              </Button>
            ) : null}
          </TopToolbar>
        }
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<TemplateRecord>
            empty={<NoResults />}
            rowClick={(id) => {
              setOpen(Number(id));
              return false;
            }}
            bulkActionButtons={false}
          >
            {/* A template's name is staff's own words (the seeded ones English): not the interface's, not translated. */}
            <DataTable.Col source="name" label={f('name')} render={(r) => <span translate="no">{r.name}</span>} />
            <DataTable.Col source="key" label={f('key')} render={(r) => <code>{r.key}</code>} />
            <DataTable.Col source="category" label={f('category')} render={(r) => translate(`enums.CommunicationCategory.${r.category}`, { _: r.category })} />
            <DataTable.Col source="type" label={f('type')} render={(r) => translate(`enums.CommunicationKind.${r.type}`, { _: r.type })} />
            <DataTable.Col
              source="languages"
              label={f('languages')}
              disableSort
              render={(r) => (
                <Stack direction="row" spacing={0.5}>
                  {r.languages.map((l: string) => (
                    <Chip key={l} size="small" label={translate(t(`languages.${l}`))} />
                  ))}
                </Stack>
              )}
            />
            <DataTable.Col
              source="system"
              label={f('system')}
              disableSort
              render={(r) => (r.system ? <Chip size="small" color="primary" variant="outlined" label={translate('ra.boolean.true')} /> : '')}
            />
          </DataTable>
        </Box>
      </List>
      <TemplateDrawer open={open} onOpen={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
