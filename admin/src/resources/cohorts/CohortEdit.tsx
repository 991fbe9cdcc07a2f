import { useMemo } from 'react';
import { Box } from '@mui/material';
import { EditBase, SaveButton, SimpleForm, useNotify } from 'react-admin';
import { CohortInputs } from './CohortInputs';
import { COHORTS, toCohortFormValues, toCohortPayload, type CohortRecord } from './cohortRecord';
import { useServerRefusal } from '../../common/useServerRefusal';

/**
 * The cohort form of the drawer: PUT /cohorts/{id} with exactly the cohort's fields, saved
 * pessimistically (the answer carries the new label and status). Date-times show as the school's
 * days and keep their time when the day is not changed. A 400's field errors land under their
 * inputs; a 409 (archived program, archived cohort) is notified with the server's message.
 */
export function CohortEdit({ record }: { record: CohortRecord }) {
  const notify = useNotify();
  const onError = useServerRefusal();
  const formValues = useMemo(() => toCohortFormValues(record), [record]);
  return (
    <EditBase<CohortRecord>
      resource={COHORTS}
      id={record.id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data) => toCohortPayload(data, record) as unknown as CohortRecord}
      mutationOptions={{ onSuccess: () => notify('resources.cohorts.notifications.saved', { type: 'success' }), onError }}
    >
      <SimpleForm
        record={formValues}
        noValidate
        sx={{ p: 0 }}
        toolbar={
          <Box sx={{ mt: 1 }}>
            <SaveButton />
          </Box>
        }
      >
        <CohortInputs />
      </SimpleForm>
    </EditBase>
  );
}
