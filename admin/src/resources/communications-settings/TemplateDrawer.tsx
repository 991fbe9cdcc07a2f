import { useState } from 'react';
import { Alert, Autocomplete, Box, Chip, LinearProgress, Tab, Tabs, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  Button,
  Confirm,
  CreateBase,
  EditBase,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useCanAccess,
  useDataProvider,
  useGetOne,
  useInput,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useEnumChoices } from '../../common/enums';
import { DrawerFrame } from '../../common/RecordDrawer';
import { useServerRefusal } from '../../common/useServerRefusal';
import { ContentsPanel } from './ContentEditor';
import { EMAIL_TEMPLATES, SETTINGS, TEMPLATES, t, toTemplatePayload, type TemplateRecord } from './templateRecord';

const f = (key: string) => t(`fields.${key}`);

/** availableParams as chips: type a name and press Enter; each name once. */
function ParamsInput({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'availableParams', defaultValue: [] });
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={value}
      disabled={disabled}
      onChange={(_e, next) => field.onChange([...new Set((next as string[]).map((v) => v.trim()).filter(Boolean))])}
      renderValue={(items, getItemProps) => items.map((item, index) => <Chip size="small" label={item} {...getItemProps({ index })} key={item} />)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(f('availableParams'))}
          helperText={fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : translate(t('hints.params'))}
          error={Boolean(fieldState.error)}
          inputProps={{ ...params.inputProps, 'data-testid': 'params-input' }}
        />
      )}
      sx={{ mb: 2 }}
      fullWidth
    />
  );
}

/** The template's own fields (create and edit share them). */
function TemplateFields({ record, readOnly }: { record?: TemplateRecord; readOnly?: boolean }) {
  const translate = useTranslate();
  const categories = useEnumChoices('CommunicationCategory');
  const kinds = useEnumChoices('CommunicationKind');
  const fixedKey = Boolean(record?.system);
  return (
    <>
      {fixedKey ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="system-template">
          {translate(t('hints.key_fixed'))}
        </Alert>
      ) : null}
      <TextInput source="name" label={f('name')} validate={required()} fullWidth disabled={readOnly} />
      <TextInput source="key" label={f('key')} validate={required()} helperText={t('hints.key')} fullWidth disabled={readOnly || fixedKey} />
      <SelectInput source="category" label={f('category')} choices={categories} validate={required()} disabled={readOnly} />
      <SelectInput source="type" label={f('type')} choices={kinds} defaultValue="MESSAGE" validate={required()} disabled={readOnly} />
      <TextInput source="description" label={f('description')} multiline fullWidth disabled={readOnly} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
        <TextInput source="sender" label={f('sender')} disabled={readOnly} />
        <TextInput source="fromName" label={f('fromName')} disabled={readOnly} />
        <TextInput source="replyTo" label={f('replyTo')} disabled={readOnly} />
        <TextInput source="replyToName" label={f('replyToName')} disabled={readOnly} />
      </Box>
      <TextInput source="bcc" label={f('bcc')} fullWidth disabled={readOnly} />
      <ParamsInput disabled={readOnly} />
      <ReferenceInput source="emailTemplateId" reference={EMAIL_TEMPLATES} perPage={200} sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput label={f('emailTemplateId')} optionText="name" emptyText={t('hints.no_email_template')} disabled={readOnly} fullWidth />
      </ReferenceInput>
      {record?.emailTemplate?.deleted ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(t('hints.archived_email_template'))}
        </Alert>
      ) : null}
    </>
  );
}

function DeleteTemplateButton({ record, onDeleted }: { record: TemplateRecord; onDeleted: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button label={t('actions.delete')} color="error" onClick={() => setConfirming(true)} data-testid="delete-template">
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title={t('actions.delete_title')}
        titleTranslateOptions={{ name: record.name }}
        content={t('actions.delete_text')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          try {
            await dataProvider.delete(TEMPLATES, { id: record.id, previousData: record });
            notify(t('notifications.deleted'), { type: 'success' });
            onDeleted();
            refresh();
          } catch (error) {
            refused(error);
          }
        }}
      />
    </>
  );
}

function TemplateEdit({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useServerRefusal();
  const { canAccess: canWrite = false } = useCanAccess({ resource: SETTINGS, action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: SETTINGS, action: 'delete' });
  const { data: record, isPending } = useGetOne<TemplateRecord>(TEMPLATES, { id });
  const [tab, setTab] = useState<'details' | 'contents'>('contents');
  if (isPending || !record) return <LinearProgress />;
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="contents" label={translate(t('tabs.contents'))} data-testid="tab-contents" />
        <Tab value="details" label={translate(t('tabs.details'))} data-testid="tab-details" />
      </Tabs>
      {tab === 'details' ? (
        <EditBase<TemplateRecord>
          resource={TEMPLATES}
          id={id}
          mutationMode="pessimistic"
          // A disabled input is left out of the form's values: a product email's key is its own.
          transform={(data) => toTemplatePayload({ ...data, key: record.system ? record.key : data.key }) as unknown as TemplateRecord}
          mutationOptions={{ onSuccess: () => notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } }), onError: refused }}
          redirect={false}
        >
          <SimpleForm
            toolbar={
              canWrite || (canDelete && !record.system) ? (
                <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
                  {canWrite ? <SaveButton /> : <span />}
                  {canDelete && !record.system ? <DeleteTemplateButton record={record} onDeleted={onClose} /> : null}
                </Toolbar>
              ) : (
                false
              )
            }
          >
            <TemplateFields record={record} readOnly={!canWrite} />
          </SimpleForm>
        </EditBase>
      ) : (
        <ContentsPanel template={record} canWrite={canWrite} />
      )}
    </Box>
  );
}

function TemplateCreate({ onCreated }: { onCreated: (id: number) => void }) {
  const translate = useTranslate();
  const refused = useServerRefusal();
  return (
    <CreateBase<TemplateRecord>
      resource={TEMPLATES}
      transform={(data) => toTemplatePayload(data) as unknown as TemplateRecord}
      mutationOptions={{ onSuccess: (created) => onCreated(Number(created.id)), onError: refused }}
      redirect={false}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(t('hints.create_then_contents'))}
      </Typography>
      <SimpleForm defaultValues={{ type: 'MESSAGE', availableParams: [] }}>
        <TemplateFields />
      </SimpleForm>
    </CreateBase>
  );
}

/** The template's drawer: its contents per language (the default tab) and its details; or the add form. */
export function TemplateDrawer({ open, onOpen, onClose }: { open: number | 'create' | null; onOpen: (id: number) => void; onClose: () => void }) {
  const translate = useTranslate();
  const { data } = useGetOne<TemplateRecord>(TEMPLATES, { id: open as number }, { enabled: typeof open === 'number' });
  return (
    <DrawerFrame
      open={open !== null}
      onClose={onClose}
      title={open === 'create' ? translate(t('titles.new_template')) : (data?.name ?? '')}
      record={typeof open === 'number' ? { resource: TEMPLATES, id: String(open) } : undefined}
    >
      {open === 'create' ? <TemplateCreate onCreated={onOpen} /> : typeof open === 'number' ? <TemplateEdit key={open} id={open} onClose={onClose} /> : null}
    </DrawerFrame>
  );
}
