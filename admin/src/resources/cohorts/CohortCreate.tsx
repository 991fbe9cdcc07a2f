import { Box } from '@mui/material';
import { CreateBase, SaveButton, SimpleForm, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { CohortInputs } from './CohortInputs';
import { COHORTS, toCohortPayload, type CohortRecord } from './cohortRecord';
import { useServerRefusal } from '../../common/useServerRefusal';

/**
 * The add drawer of /cohorts/create: POST /cohorts with exactly the cohort's fields. The cohort
 * starts unpublished, its status given by its dates; on success the drawer moves to it, the list's
 * filters kept.
 */
export function CohortCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const onError = useServerRefusal();
  return (
    <CreateBase<CohortRecord>
      resource={COHORTS}
      redirect={false}
      transform={(data) => toCohortPayload(data) as unknown as CohortRecord}
      mutationOptions={{
        onSuccess: (created: CohortRecord) => {
          notify('resources.cohorts.notifications.created', { type: 'success' });
          navigate(`/${COHORTS}/${created.id}${search}`);
        },
        onError,
      }}
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
        <CohortInputs />
      </SimpleForm>
    </CreateBase>
  );
}

export default CohortCreate;
