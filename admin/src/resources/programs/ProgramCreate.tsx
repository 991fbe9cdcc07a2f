import { Alert, Box, LinearProgress } from '@mui/material';
import { CreateBase, SaveButton, SimpleForm, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ProgramInputs } from './ProgramInputs';
import { NEW_PROGRAM, PROGRAMS, toProgramPayload, type ProgramRecord } from './programRecord';

/**
 * The add-program drawer (/programs/create): POST /programs with the whole record; on success the
 * drawer moves to the new program (its bundle and enrollment-flow tabs are there), filters kept.
 */
export function ProgramCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { canAccess, isPending } = useCanAccess({ resource: PROGRAMS, action: 'create' });
  if (isPending) return <LinearProgress />;
  if (!canAccess) return <Alert severity="info">{translate('resources.programs.messages.no_create')}</Alert>;
  return (
    <CreateBase<ProgramRecord>
      resource={PROGRAMS}
      redirect={false}
      transform={(data) => toProgramPayload(data) as unknown as ProgramRecord}
      mutationOptions={{
        onSuccess: (data) => {
          notify('resources.programs.notifications.created', { type: 'success' });
          navigate(`/${PROGRAMS}/${data.id}${search}`);
        },
      }}
    >
      <SimpleForm
        noValidate
        sx={{ p: 0 }}
        defaultValues={NEW_PROGRAM}
        toolbar={
          <Box sx={{ mt: 1 }}>
            <SaveButton />
          </Box>
        }
      >
        <ProgramInputs />
      </SimpleForm>
    </CreateBase>
  );
}
