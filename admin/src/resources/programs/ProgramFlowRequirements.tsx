import { Box, LinearProgress, Typography } from '@mui/material';
import { BooleanInput, Form, SaveButton, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EnrollmentFlowStep } from '../../../../models/enums';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { flowRows, PROGRAMS, type FlowRequirement, type ProgramRecord } from './programRecord';
import { useProgramRefusal } from './ProgramActions';

const t = (key: string) => `resources.programs.${key}`;

/** Form values (`required.QUESTIONNAIRE: true`) → the PUT body: all six steps in the spec's order. */
export function toFlowPayload(values: { required?: Partial<Record<string, unknown>> }): FlowRequirement[] {
  return EnrollmentFlowStep.map((step) => ({ step, required: values.required?.[step] === true }));
}

/**
 * The enrollment-flow tab: which of the six steps an application must pass, one switch each, saved
 * together with PUT /programs/{id}/enrollment_flow_requirements. Read only without programs:update or
 * on an archived program; a refusal is shown as sent.
 */
export function ProgramFlowRequirements({ program }: { program: ProgramRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useProgramRefusal();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { canAccess: canEdit } = useCanAccess({ resource: PROGRAMS, action: 'edit' });
  const key = [PROGRAMS, 'enrollment_flow_requirements', String(program.id)];
  const { data, isPending } = useQuery({ queryKey: key, queryFn: () => dataProvider.enrollmentFlowRequirements(program.id) });
  if (isPending) return <LinearProgress />;
  const rows = flowRows(data);
  const editable = canEdit === true && !program.deleted;

  const submit = async (values: Record<string, unknown>) => {
    try {
      const saved = await dataProvider.setEnrollmentFlowRequirements(program.id, toFlowPayload(values as { required?: Record<string, unknown> }));
      queryClient.setQueryData(key, saved);
      notify(t('notifications.flow_saved'), { type: 'success' });
    } catch (error) {
      refused(error);
    }
  };

  return (
    <Box data-testid="program-flow">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(t('helpers.flow'))}
      </Typography>
      <Form key={JSON.stringify(rows)} record={{ id: program.id, required: Object.fromEntries(rows.map((r) => [r.step, r.required])) }} onSubmit={submit} noValidate>
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          {rows.map((row) => (
            <BooleanInput key={row.step} source={`required.${row.step}`} label={`enums.EnrollmentFlowStep.${row.step}`} helperText={false} disabled={!editable} />
          ))}
        </Box>
        {editable ? <SaveButton label={t('actions.save_flow')} sx={{ mt: 1 }} /> : null}
      </Form>
    </Box>
  );
}
