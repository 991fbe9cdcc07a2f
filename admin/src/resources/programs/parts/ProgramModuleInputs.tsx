import { useState } from 'react';
import { Box, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { BooleanInput, Button, NumberInput, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { TextButton } from '../../../common/TextButton';
import { DateInput } from '../../../common/dates';
import { useFormContext } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Messages } from '../../../../../models/messages';
import { useAppDataProvider } from '../../../providers/useAppDataProvider';
import { requiredValue } from '../../../common/validation';
import { maxChars } from '../../../common/businessCategoryRecord';
import { FormSection } from '../../../common/FormSection';
import { useServerRefusal } from '../../../common/useServerRefusal';
import { pt } from './PartsCommon';
import { notBefore, wholeNumber, type ModuleGroupRecord } from './partsRecord';

const f = (key: string) => pt(`modules.fields.${key}`);
export const MODULE_GROUPS_KEY = ['module_groups'];

/** Every module group by name, shared by the selects (GET /module_groups). */
export function useModuleGroups() {
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: MODULE_GROUPS_KEY, queryFn: () => dataProvider.moduleGroups(), staleTime: 60_000 });
}

/**
 * 'New group': a small dialog naming a module group (POST /module_groups). The new group is chosen
 * in the module's select at once; a taken name is refused with the server's message.
 */
function NewGroupButton({ onCreated }: { onCreated: (group: ModuleGroupRecord) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerRefusal();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const create = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(Messages.REQUIRED);
      return;
    }
    setPending(true);
    try {
      const group = await dataProvider.createModuleGroup(trimmed);
      await queryClient.invalidateQueries({ queryKey: MODULE_GROUPS_KEY });
      notify(pt('modules.notifications.group_created'), { type: 'success', messageArgs: { name: group.name } });
      onCreated(group);
      setOpen(false);
      setName('');
      setError(null);
    } catch (err) {
      const fieldError = (err as { body?: { errors?: Record<string, string> } })?.body?.errors?.name;
      if (fieldError) setError(fieldError);
      else onError(err);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button label={pt('modules.actions.new_group')} onClick={() => setOpen(true)} data-testid="new-module-group">
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate(pt('modules.titles.new_group'))}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate(pt('modules.actions.group_name'))}
            value={name}
            error={Boolean(error)}
            helperText={error ? translate(error, { _: error }) : ' '}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'module-group-name' } }}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void create();
              }
            }}
          />
        </DialogContent>
        <DialogActions>
          <TextButton label="ra.action.cancel" onClick={() => setOpen(false)} />
          <TextButton label={pt('modules.actions.create_group')} variant="contained" disabled={pending} onClick={() => void create()} data-testid="create-module-group" />
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The module group select with 'New group' beside it. */
function ModuleGroupInput() {
  const { data } = useModuleGroups();
  const { setValue } = useFormContext();
  const choices = (data ?? []).map((g) => ({ id: g.id, name: g.name }));
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <SelectInput source="moduleGroupId" label={f('moduleGroupId')} choices={choices} emptyText="—" helperText={false} sx={{ flex: 1 }} />
      <NewGroupButton onCreated={(group) => setValue('moduleGroupId', group.id, { shouldDirty: true })} />
    </Stack>
  );
}

/**
 * The module form body, shared by add and edit: title, D2L id, the free-text group and the module
 * group, display order, the four dates (days in the school's zone, as on cohort modules; a day left
 * unchanged keeps its stored time), duration, image, template and flags. Close cannot be before
 * open, nor end before start.
 */
export function ProgramModuleInputs() {
  return (
    <>
      <FormSection title={pt('modules.sections.module')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="title" label={f('title')} validate={[requiredValue, maxChars(255)]} fullWidth />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ModuleGroupInput />
        </Box>
        <TextInput source="group" label={f('group')} validate={maxChars(100)} helperText={false} />
        <NumberInput source="displayOrder" label={f('displayOrder')} step={1} min={0} validate={wholeNumber} helperText={false} />
        <TextInput source="d2lModuleId" label={f('d2lModuleId')} validate={maxChars(40)} helperText={false} />
        <NumberInput source="duration" label={f('duration')} step={1} min={0} validate={wholeNumber} helperText={false} />
      </FormSection>
      <FormSection title={pt('modules.sections.schedule')}>
        <DateInput source="openDate" label={f('openDate')} />
        <DateInput source="closeDate" label={f('closeDate')} validate={notBefore('openDate')} />
        <DateInput source="startDateTime" label={f('startDateTime')} />
        <DateInput source="endDateTime" label={f('endDateTime')} validate={notBefore('startDateTime')} />
      </FormSection>
      <FormSection title={pt('modules.sections.options')}>
        <BooleanInput source="locked" label={f('locked')} helperText={false} />
        <BooleanInput source="consumeTrackingEnabled" label={f('consumeTrackingEnabled')} helperText={false} />
        <TextInput source="image" label={f('image')} validate={maxChars(500)} helperText={false} />
        <NumberInput source="communicationTemplateId" label={f('communicationTemplateId')} step={1} min={1} helperText={false} />
      </FormSection>
    </>
  );
}
