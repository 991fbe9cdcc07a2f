import { useMemo } from 'react';
import { Box, Button as MuiButton, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Form,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  required,
  useGetList,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useEnumChoices } from '../../common/enums';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { studentOptionText, studentSearch } from './applicationFilters';
import { ENROLLMENTS, toCreateApplicationPayload, type NewApplication } from '../../common/applicationRecord';

const f = (key: string) => `resources.enrollments.create.${key}`;
/** Products a student applies to: the enrollment flows (PURCHASE products are bought, not applied to). */
const APPLICABLE_FLOWS = ['HCTP', 'DYNAMIC'];

/**
 * 'New application' (applications:create): a student found by keyword, an enrollment product, and
 * optionally the source, the CRM opportunity id and the migrated flag → POST /applications. On
 * success the new application's drawer opens; 'Already applied to product', a purchase-only or
 * archived product, an opportunity id in use are notified with the server's message.
 */
export function ApplicationCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const refused = useServerRefusal();
  const sources = useEnumChoices('ApplicationSource');
  const { data: products = [], isPending } = useGetList(
    'products',
    { filter: { flowTypes: APPLICABLE_FLOWS }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open, staleTime: 60_000 },
  );
  const productChoices = useMemo(() => products.filter((p) => !p.deleted).map((p) => ({ id: p.id, name: String(p.name) })), [products]);

  async function save(values: NewApplication) {
    try {
      const { data } = await dataProvider.create<RaRecord>(ENROLLMENTS, { data: toCreateApplicationPayload(values) });
      notify('resources.enrollments.notifications.created', { type: 'success' });
      onClose();
      navigate(`/${ENROLLMENTS}/${data.id}${search}`);
      return undefined;
    } catch (error) {
      refused(error);
      return fieldErrorsOf(error) ?? undefined;
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="create-application-dialog">
      <DialogTitle>{translate(f('title'))}</DialogTitle>
      <DialogContent>
        {open ? (
          <Form onSubmit={save as never} noValidate defaultValues={{ source: 'STAFF' }}>
            <Stack spacing={0} sx={{ pt: 1 }}>
              <ReferenceInput source="studentId" reference="students" perPage={20} sort={{ field: 'id', order: 'ASC' }}>
                <AutocompleteInput label={f('student')} optionText={studentOptionText} filterToQuery={studentSearch} validate={required()} fullWidth />
              </ReferenceInput>
              <SelectInput source="productId" label={f('product')} choices={productChoices} isPending={isPending} validate={required()} fullWidth />
              <SelectInput source="source" label={f('source')} choices={sources} fullWidth />
              <TextInput source="opportunityId" label={f('opportunityId')} fullWidth slotProps={{ htmlInput: { maxLength: 40 } }} />
              <BooleanInput source="migrated" label={f('migrated')} />
            </Stack>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
              <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
              <SaveButton label={f('submit')} alwaysEnable data-testid="create-application-submit" />
            </Box>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
