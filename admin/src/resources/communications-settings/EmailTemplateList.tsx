import { useState } from 'react';
import { Alert, Box, Chip, LinearProgress, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import {
  BooleanInput,
  Button,
  CreateBase,
  DataTable,
  EditBase,
  List,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
  useCanAccess,
  useDataProvider,
  useGetOne,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useEnumChoices } from '../../common/enums';
import { NoResults } from '../../common/NoResults';
import { DrawerFrame } from '../../common/RecordDrawer';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { EMAIL_TEMPLATES, SETTINGS, t, templatesApi, toEmailTemplatePayload, type EmailTemplateRecord } from './templateRecord';

const f = (key: string) => t(`fields.${key}`);

/** Header and footer as they wrap a message (a sandboxed frame: the saved HTML is sanitised by the API). */
function WrapperPreview() {
  const translate = useTranslate();
  const header = useWatch({ name: 'header' }) as string | null;
  const footer = useWatch({ name: 'footer' }) as string | null;
  const html = `<div style="font-family:Helvetica,Arial,sans-serif;background:#f4f5f7;padding:16px">${header ?? ''}<div style="background:#fff;padding:24px;margin:12px 0;color:#6b7280">…</div><div style="font-size:12px;color:#6b7280">${footer ?? ''}</div></div>`;
  return (
    <Box
      component="iframe"
      title={translate(t('preview.title'))}
      sandbox=""
      srcDoc={html}
      sx={{ width: '100%', height: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}
      data-testid="wrapper-preview"
    />
  );
}

function EmailTemplateFields({ readOnly }: { readOnly?: boolean }) {
  const translate = useTranslate();
  const categories = useEnumChoices('EmailTemplateCategory');
  return (
    <>
      <TextInput source="name" label={f('name')} validate={required()} fullWidth disabled={readOnly} />
      <SelectInput source="category" label={f('category')} choices={categories} validate={required()} disabled={readOnly} />
      <TextInput source="header" label={f('header')} multiline minRows={3} fullWidth disabled={readOnly} sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }} />
      <TextInput source="footer" label={f('footer')} multiline minRows={3} fullWidth disabled={readOnly} sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }} />
      <Alert severity="info" sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}>
        {translate(t('hints.header_footer'))}
      </Alert>
      <WrapperPreview />
    </>
  );
}

function ArchiveButton({ record }: { record: EmailTemplateRecord }) {
  const dataProvider = useDataProvider();
  const api = templatesApi(useAppDataProvider());
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [pending, setPending] = useState(false);
  async function act() {
    setPending(true);
    try {
      if (record.deleted) await api.undeleteEmailTemplate(record.id);
      else await dataProvider.delete(EMAIL_TEMPLATES, { id: record.id, previousData: record });
      notify(t(record.deleted ? 'notifications.unarchived' : 'notifications.archived'), { type: 'success' });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button
      label={t(record.deleted ? 'actions.unarchive' : 'actions.archive')}
      variant="outlined"
      disabled={pending}
      onClick={() => void act()}
      data-testid={record.deleted ? 'unarchive-email-template' : 'archive-email-template'}
    >
      {record.deleted ? <UnarchiveIcon /> : <ArchiveIcon />}
    </Button>
  );
}

function EmailTemplateEdit({ id }: { id: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useServerRefusal();
  const { canAccess: canWrite = false } = useCanAccess({ resource: SETTINGS, action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: SETTINGS, action: 'delete' });
  const { data: record, isPending } = useGetOne<EmailTemplateRecord>(EMAIL_TEMPLATES, { id });
  if (isPending || !record) return <LinearProgress />;
  const mayArchive = record.deleted ? canWrite : canDelete;
  return (
    <Box>
      {record.deleted ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="email-template-archived">
          {translate(t('hints.archived_email_template'))}
        </Alert>
      ) : null}
      {mayArchive ? (
        <Stack direction="row" sx={{ mb: 2 }}>
          <ArchiveButton record={record} />
        </Stack>
      ) : null}
      <EditBase<EmailTemplateRecord>
        resource={EMAIL_TEMPLATES}
        id={id}
        mutationMode="pessimistic"
        transform={(data) => toEmailTemplatePayload(data) as unknown as EmailTemplateRecord}
        mutationOptions={{ onSuccess: () => notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } }), onError: refused }}
        redirect={false}
      >
        <SimpleForm
          toolbar={
            canWrite && !record.deleted ? (
              <Toolbar>
                <SaveButton />
              </Toolbar>
            ) : (
              false
            )
          }
        >
          <EmailTemplateFields readOnly={!canWrite || record.deleted} />
        </SimpleForm>
      </EditBase>
    </Box>
  );
}

function EmailTemplateCreate({ onCreated }: { onCreated: (id: number) => void }) {
  const refused = useServerRefusal();
  return (
    <CreateBase<EmailTemplateRecord>
      resource={EMAIL_TEMPLATES}
      transform={(data) => toEmailTemplatePayload(data) as unknown as EmailTemplateRecord}
      mutationOptions={{ onSuccess: (created) => onCreated(Number(created.id)), onError: refused }}
      redirect={false}
    >
      <SimpleForm defaultValues={{ category: 'INSTITUTE' }}>
        <EmailTemplateFields />
      </SimpleForm>
    </CreateBase>
  );
}

/** The email templates: category and archived filters; a row opens its drawer (header, footer, archive or bring back). */
export function EmailTemplateList() {
  const translate = useTranslate();
  const categories = useEnumChoices('EmailTemplateCategory');
  const { canAccess: canCreate } = useCanAccess({ resource: SETTINGS, action: 'create' });
  const [open, setOpen] = useState<number | 'create' | null>(null);
  const { data } = useGetOne<EmailTemplateRecord>(EMAIL_TEMPLATES, { id: open as number }, { enabled: typeof open === 'number' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="category" source="category" label={f('category')} choices={categories} alwaysOn data-testid="filter-email-category" />,
    <BooleanInput key="deleted" source="deleted" label={t('filters.archived')} alwaysOn data-testid="filter-archived" />,
  ];
  return (
    <>
      <List
        resource={EMAIL_TEMPLATES}
        disableSyncWithLocation
        storeKey={`${SETTINGS}.email-templates`}
        filters={filters}
        filterDefaultValues={{ deleted: false }}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        empty={false}
        title={false}
        actions={
          <TopToolbar sx={{ alignItems: 'center' }}>
            {canCreate ? (
              <Button label={t('actions.create_email_template')} onClick={() => setOpen('create')} data-testid="create-email-template">
                <AddIcon />
              </Button>
            ) : null}
          </TopToolbar>
        }
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<EmailTemplateRecord>
            empty={<NoResults />}
            rowClick={(id) => {
              setOpen(Number(id));
              return false;
            }}
            bulkActionButtons={false}
          >
            <DataTable.Col source="name" label={f('name')} />
            <DataTable.Col source="category" label={f('category')} render={(r) => translate(`enums.EmailTemplateCategory.${r.category}`, { _: r.category })} />
            <DataTable.Col
              source="deleted"
              label={f('status')}
              disableSort
              render={(r) => (
                <Chip size="small" variant="outlined" color={r.deleted ? 'default' : 'success'} label={translate(t(r.deleted ? 'status.archived' : 'status.active'))} />
              )}
            />
          </DataTable>
        </Box>
      </List>
      <DrawerFrame
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open === 'create' ? translate(t('titles.new_email_template')) : (data?.name ?? '')}
        record={typeof open === 'number' ? { resource: EMAIL_TEMPLATES, id: String(open) } : undefined}
      >
        {open === 'create' ? <EmailTemplateCreate onCreated={setOpen} /> : typeof open === 'number' ? <EmailTemplateEdit key={open} id={open} /> : null}
      </DrawerFrame>
    </>
  );
}
