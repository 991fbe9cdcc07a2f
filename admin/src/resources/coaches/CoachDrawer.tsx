import { useState } from 'react';
import { Box, LinearProgress, Tab, Tabs } from '@mui/material';
import { CreateBase, DeleteWithConfirmButton, EditBase, SaveButton, SimpleForm, Toolbar, useCanAccess, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { RecordDrawer } from '../../common/RecordDrawer';
import { CoachCircles } from './CoachCircles';
import { CoachComments } from './CoachComments';
import { CoachInputs, newCoachDefaults } from './CoachInputs';
import { COACHES, toCoachPayload, type CoachRecord } from './coachRecord';

type CoachTab = 'profile' | 'circles' | 'comments';
const TABS: CoachTab[] = ['profile', 'circles', 'comments'];

function CoachDrawerTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<CoachRecord>(COACHES, { id }, { enabled: id !== 'create' });
  if (id === 'create') return <>{translate('resources.coaches.titles.create')}</>;
  return <span data-testid="drawer-title">{data?.name ?? ''}</span>;
}

/** The add drawer (/coaches/create): POST /coaches; the notification tells whether the invitation really left. */
function CoachCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <CreateBase<CoachRecord>
      resource={COACHES}
      redirect={false}
      transform={(data) => toCoachPayload(data) as CoachRecord}
      mutationOptions={{
        onSuccess: (created: CoachRecord) => {
          const status = created.invitation?.status;
          const message = !status ? 'created' : status === 'SENT' ? 'invited' : 'invitation_pending';
          notify(`resources.coaches.messages.${message}`, { type: status && status !== 'SENT' ? 'warning' : 'success', messageArgs: { email: created.student.user.email } });
          navigate(`/${COACHES}/${created.id}${search}`);
        },
      }}
    >
      <SimpleForm
        noValidate
        defaultValues={newCoachDefaults}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
        sx={{ p: 0 }}
      >
        <CoachInputs mode="create" />
      </SimpleForm>
    </CreateBase>
  );
}

function CoachEditToolbar({ record }: { record: CoachRecord }) {
  const { search } = useLocation();
  const { canAccess: canDelete = false } = useCanAccess({ resource: COACHES, action: 'delete' });
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete && record.active ? (
        <DeleteWithConfirmButton
          label="resources.coaches.actions.delete"
          mutationMode="pessimistic"
          confirmTitle="resources.coaches.actions.delete_title"
          confirmContent="resources.coaches.actions.delete_content"
          titleTranslateOptions={{ name: record.name }}
          contentTranslateOptions={{ name: record.name }}
          mutationOptions={{ onSuccess: () => undefined }}
          successMessage="resources.coaches.messages.deleted"
          redirect={() => `/${COACHES}${search}`}
        />
      ) : null}
    </Toolbar>
  );
}

/**
 * The profile tab: PUT /coaches/{id}, pessimistic; field errors under their inputs. Staff who only
 * read (SUPPORT) see the same form disabled, outside EditBase (which would send them to access denied).
 */
function CoachEdit({ record }: { record: CoachRecord }) {
  const notify = useNotify();
  const { canAccess: canEdit, isPending } = useCanAccess({ resource: COACHES, action: 'edit' });
  if (isPending) return <LinearProgress />;
  if (!canEdit)
    return (
      <SimpleForm record={record} toolbar={false} disabled onSubmit={() => undefined} sx={{ p: 0 }}>
        <CoachInputs mode="edit" />
      </SimpleForm>
    );
  return (
    <EditBase
      resource={COACHES}
      id={record.id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data: Record<string, unknown>) => toCoachPayload(data) as CoachRecord}
      mutationOptions={{ onSuccess: () => notify('resources.coaches.messages.saved', { type: 'success' }) }}
    >
      <SimpleForm noValidate toolbar={<CoachEditToolbar record={record} />} sx={{ p: 0 }}>
        <CoachInputs mode="edit" />
      </SimpleForm>
    </EditBase>
  );
}

/** A coach's tabs: profile (the form), circles (from the GET answer), comments (5 a page). */
export function CoachDetail({ id, initialTab = 'profile' }: { id: string; initialTab?: CoachTab }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<CoachTab>(initialTab);
  const { data: record, isPending } = useGetOne<CoachRecord>(COACHES, { id });
  if (isPending || !record) return <LinearProgress />;
  return (
    <>
      <Tabs value={tab} onChange={(_, value: CoachTab) => setTab(value)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={translate(`resources.coaches.tabs.${name}`)} data-testid={`tab-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" data-testid={`tabpanel-${tab}`}>
        {tab === 'profile' ? <CoachEdit record={record} /> : null}
        {tab === 'circles' ? <CoachCircles record={record} /> : null}
        {tab === 'comments' ? <CoachComments record={record} /> : null}
      </Box>
    </>
  );
}

/** The drawer of /coaches/:id and /coaches/create (close, maximize, copy direct link come with the frame). */
export function CoachDrawer() {
  return (
    <RecordDrawer basePath={`/${COACHES}`} title={(id) => <CoachDrawerTitle id={id} />}>
      {(id) => (id === 'create' ? <CoachCreate /> : <CoachDetail key={id} id={id} />)}
    </RecordDrawer>
  );
}
