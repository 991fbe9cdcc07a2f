import { Alert, Box, LinearProgress } from '@mui/material';
import { EditBase, SaveButton, SimpleForm, TextInput, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { FormSection } from '../../common/FormSection';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { CATEGORIES, maxChars, toCategoryPayload, type BusinessCategory } from '../../common/businessCategoryRecord';
import { useServerRefusal } from '../../common/useServerRefusal';
import { LastChanged } from '../../common/LastChanged';

const t = (key: string) => `resources.business-categories.${key}`;

/**
 * The details tab: PUT /business_categories/{id} with { name, description, d2LUserType }, saved
 * pessimistically; the name shows but cannot be changed (a changed one would be refused with the
 * server's 409 message, shown as sent). Field errors of a 400 land under their inputs.
 */
function CategoryEdit({ record }: { record: BusinessCategory }) {
  const notify = useNotify();
  const onError = useServerRefusal();
  return (
    <EditBase<BusinessCategory>
      resource={CATEGORIES}
      id={record.id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data) => toCategoryPayload(data) as unknown as BusinessCategory}
      mutationOptions={{ onSuccess: () => notify(t('notifications.saved'), { type: 'success' }), onError }}
    >
      <SimpleForm
        noValidate
        sx={{ p: 0 }}
        toolbar={
          <Box sx={{ mt: 1 }}>
            <SaveButton />
          </Box>
        }
      >
        <FormSection title={t('sections.category')}>
          <TextInput source="name" label={t('fields.code')} readOnly helperText={t('helpers.name')} data-testid="category-name" />
          <Box />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextInput source="description" label={t('fields.description')} validate={maxChars(255)} multiline minRows={2} fullWidth />
          </Box>
        </FormSection>
        <FormSection title={t('sections.d2l')}>
          <TextInput source="d2LUserType.displayName" label={t('fields.d2LUserType.displayName')} validate={maxChars(100)} />
          <TextInput source="d2LUserType.code" label={t('fields.d2LUserType.code')} validate={maxChars(40)} />
          <TextInput source="d2LUserType.identifier" label={t('fields.d2LUserType.identifier')} validate={maxChars(40)} />
        </FormSection>
      </SimpleForm>
      <LastChanged record={record} />
    </EditBase>
  );
}

/** The same details, read only, for staff who may read categories but not change them. */
function CategoryView({ record }: { record: BusinessCategory }) {
  const translate = useTranslate();
  return (
    <Box data-testid="category-view">
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
        {translate(t('messages.read_only'))}
      </Alert>
      <InfoSection title={t('sections.category')}>
        <InfoRow label={t('fields.code')}>{record.name}</InfoRow>
        <InfoRow label={t('fields.description')}>{record.description}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.d2l')}>
        <InfoRow label={t('fields.d2LUserType.displayName')}>{record.d2LUserType?.displayName}</InfoRow>
        <InfoRow label={t('fields.d2LUserType.code')}>{record.d2LUserType?.code}</InfoRow>
        <InfoRow label={t('fields.d2LUserType.identifier')}>{record.d2LUserType?.identifier}</InfoRow>
      </InfoSection>
      <LastChanged record={record} />
    </Box>
  );
}

export function BusinessCategoryDetails({ record }: { record: BusinessCategory }) {
  const { canAccess, isPending } = useCanAccess({ resource: CATEGORIES, action: 'edit' });
  if (isPending) return <LinearProgress />;
  return canAccess ? <CategoryEdit record={record} /> : <CategoryView record={record} />;
}
