import { Alert, Box, LinearProgress } from '@mui/material';
import { FileLink } from '../../common/FileInput';
import { EditBase, SaveButton, SimpleForm, useCanAccess, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { durationTypeLabel } from '../../../../models/labels';
import { formatDate } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { ProgramInputs } from './ProgramInputs';
import { PROGRAMS, toProgramPayload, type ProgramRecord } from './programRecord';
import { LastChanged } from '../../common/LastChanged';

const t = (key: string) => `resources.programs.${key}`;
const field = (key: string) => t(`fields.${key}`);

/**
 * The details tab: PUT /programs/{id} with the whole record (toProgramPayload), saved
 * pessimistically; field errors of a 400 land under their inputs, a 409 shows the server's message.
 */
export function ProgramEdit({ record }: { record: ProgramRecord }) {
  const notify = useNotify();
  return (
    <EditBase<ProgramRecord>
      resource={PROGRAMS}
      id={record.id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data) => toProgramPayload(data) as unknown as ProgramRecord}
      mutationOptions={{ onSuccess: () => notify(t('notifications.saved'), { type: 'success' }) }}
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
        <ProgramInputs />
      </SimpleForm>
      <LastChanged record={record} />
    </EditBase>
  );
}

/** The same details read only: for staff who may not change programs, and for archived programs. */
export function ProgramView({ record }: { record: ProgramRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const yesNo = (v: boolean) => translate(v ? 'app.yes' : 'app.no');
  const enumText = (name: string, value: string | null | undefined) => (value ? translate(`enums.${name}.${value}`, { _: value }) : '');
  return (
    <Box data-testid="program-view">
      <InfoSection title={t('sections.program')}>
        <InfoRow label={field('name')}>{record.name}</InfoRow>
        <InfoRow label={field('businessCategoryId')}>{enumText('BusinessCategoryName', record.businessCategory?.name)}</InfoRow>
        <InfoRow label={field('description')}>{record.description}</InfoRow>
        <InfoRow label={field('preRequisites')}>{record.preRequisites}</InfoRow>
        <InfoRow label={field('image')}>{record.image ? <FileLink fileName={record.image} /> : null}</InfoRow>
        <InfoRow label={field('welcomeEmailTemplate')}>{record.welcomeEmailTemplate}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.duration')}>
        <InfoRow label={field('durationType')}>{durationTypeLabel(record.durationType, record.accelerated, locale === 'es' ? 'es' : 'en')}</InfoRow>
        <InfoRow label={field('courseAccessDuration')}>{record.courseAccessDuration ?? ''}</InfoRow>
        <InfoRow label={field('graduationLimitDays')}>{record.graduationLimitDays ?? ''}</InfoRow>
        <InfoRow label={field('clockHours')}>{record.clockHours ?? ''}</InfoRow>
        <InfoRow label={field('weeks')}>{record.weeks ?? ''}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.tuition')}>
        <InfoRow label={field('cost')}>{formatMoney(record.cost)}</InfoRow>
        <InfoRow label={field('registrationFee')}>{formatMoney(record.registrationFee)}</InfoRow>
        <InfoRow label={field('booksAndMaterialsFee')}>{formatMoney(record.booksAndMaterialsFee)}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.languages')}>
        <InfoRow label={field('language')}>{enumText('Language', record.language)}</InfoRow>
        <InfoRow label={field('languages')}>{(record.languages ?? []).map((l) => enumText('Language', l)).join(', ')}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.agreement')}>
        <InfoRow label={field('enrollmentAgreement.url')}>{record.enrollmentAgreement?.url}</InfoRow>
        <InfoRow label={field('enrollmentAgreement.publicationDate')}>{formatDate(record.enrollmentAgreement?.publicationDate)}</InfoRow>
        <InfoRow label={field('enrollmentAgreement.lastRevisionDate')}>{formatDate(record.enrollmentAgreement?.lastRevisionDate)}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.options')}>
        <InfoRow label={field('isBundle')}>{yesNo(record.isBundle)}</InfoRow>
        <InfoRow label={field('showOhioVideo')}>{yesNo(record.showOhioVideo)}</InfoRow>
        <InfoRow label={field('reservedSeat')}>{yesNo(record.reservedSeat)}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.integrations')}>
        <InfoRow label={field('salesforceProductId')}>{record.salesforceProductId}</InfoRow>
        <InfoRow label={field('salesforceProductType')}>{record.salesforceProductType}</InfoRow>
        <InfoRow label={field('d2lOrgUnitId')}>{record.d2lOrgUnitId}</InfoRow>
        <InfoRow label={field('accredibleGroupId')}>{record.accredibleGroupId}</InfoRow>
        <InfoRow label={field('lmsConnection')}>{record.lmsConnection?.label ?? translate(t('messages.no_lms_connection'))}</InfoRow>
      </InfoSection>
      <LastChanged record={record} />
    </Box>
  );
}

/** The details tab: the form for staff who may update programs (not archived ones), else the read-only view. */
export function ProgramDetails({ record }: { record: ProgramRecord }) {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: PROGRAMS, action: 'edit' });
  if (isPending) return <LinearProgress />;
  if (canAccess && !record.deleted) return <ProgramEdit record={record} />;
  return (
    <>
      {!canAccess ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {translate(t('messages.read_only'))}
        </Alert>
      ) : null}
      <ProgramView record={record} />
    </>
  );
}
