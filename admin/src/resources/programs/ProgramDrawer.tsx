import { useState, type ReactNode } from 'react';
import { Alert, Box, Chip, LinearProgress, Stack, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, useGetOne, useTranslate } from 'react-admin';
import { useLocation, useMatch, useNavigate } from 'react-router-dom';
import { DrawerFrame } from '../../common/RecordDrawer';
import { useRecordView } from '../../common/useRecordView';
import { ProgramActions } from './ProgramActions';
import { ProgramBundle } from './ProgramBundle';
import { ProgramCreate } from './ProgramCreate';
import { ProgramDetails } from './ProgramEdit';
import { ProgramFlowRequirements } from './ProgramFlowRequirements';
import { programPartTabs } from './parts';
import { PROGRAMS, type ProgramRecord } from './programRecord';

/**
 * The program drawer over the list: /programs/create (the add drawer) and /programs/:id (the spec's
 * program edit drawer) with its tabs. A tab with a `route` has its own address under the record
 * (/programs/:id/modules, the spec's route for a program's modules), so 'Copy direct link' copies it.
 * Opening a program starts on its details (tabs reset).
 *
 * Tabs are one list: a later area adds its tab with one entry (components from ./parts/).
 */
export interface ProgramTab {
  /** Tab id; its label is `resources.programs.tabs.<name>` unless `label` is given. */
  name: string;
  label?: string;
  /** Own address /programs/:id/<route> (the drawer opens on this tab there). */
  route?: string;
  /** Shown only for programs this accepts (e.g. the bundle tab for bundles). */
  when?: (program: ProgramRecord) => boolean;
  render: (program: ProgramRecord) => ReactNode;
}

export const programTabs: ProgramTab[] = [
  { name: 'details', render: (program) => <ProgramDetails record={program} /> },
  { name: 'bundle', when: (program) => program.isBundle, render: (program) => <ProgramBundle program={program} /> },
  { name: 'flow', render: (program) => <ProgramFlowRequirements program={program} /> },
  // Program parts: graduation requirements, payment plans, extra products, modules (/programs/:id/modules).
  ...programPartTabs,
];

const BASE = `/${PROGRAMS}`;

/** The drawer's route: the record id and, on a routed tab's address, that tab. */
export function useProgramRoute() {
  const tabRoute = useMatch(`${BASE}/:id/:tab`);
  const recordRoute = useMatch(`${BASE}/:id`);
  const routedTab = tabRoute ? programTabs.find((tab) => tab.route && tab.route === tabRoute.params.tab) : undefined;
  const id = routedTab ? tabRoute?.params.id : recordRoute?.params.id;
  return { id, routedTab: routedTab?.name };
}

function DrawerTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<ProgramRecord>(PROGRAMS, { id }, { enabled: id !== 'create' });
  if (id === 'create') return <>{translate('resources.programs.actions.create')}</>;
  return (
    <Stack direction="row" spacing={1} alignItems="center" component="span">
      <span data-testid="drawer-title">{data?.name ?? ''}</span>
      {data?.deleted ? <Chip size="small" color="warning" label={translate('resources.programs.messages.archived_chip')} /> : null}
    </Stack>
  );
}

export function ProgramDetail({ id, routedTab }: { id: string; routedTab?: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [localTab, setLocalTab] = useState('details');
  const { data: program, error, isPending } = useGetOne<ProgramRecord>(PROGRAMS, { id });
  useRecordView('PROGRAM', id, program?.name);

  if (isPending) return <LinearProgress />;
  if (error || !program) {
    const message = (error as Error | null)?.message;
    return (
      <Alert severity="error" data-testid="program-load-error">
        {translate('resources.programs.messages.not_found')}
        {message ? ` ${translate(message, { _: message })}` : ''}
      </Alert>
    );
  }

  const tabs = programTabs.filter((tab) => !tab.when || tab.when(program));
  const wanted = routedTab ?? localTab;
  const current = tabs.find((tab) => tab.name === wanted) ?? tabs[0];
  const choose = (name: string) => {
    const next = tabs.find((tab) => tab.name === name);
    if (!next) return;
    if (next.route) {
      navigate(`${BASE}/${id}/${next.route}${search}`);
      return;
    }
    setLocalTab(name);
    if (routedTab) navigate(`${BASE}/${id}${search}`);
  };

  return (
    <ResourceContextProvider value={PROGRAMS}>
      <ProgramActions program={program} />
      {program.deleted ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="program-archived">
          {translate('resources.programs.messages.archived')}
        </Alert>
      ) : null}
      <Tabs
        value={current.name}
        onChange={(_, value: string) => choose(value)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: 1.5 } }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.name} value={tab.name} label={translate(tab.label ?? `resources.programs.tabs.${tab.name}`)} data-testid={`tab-${tab.name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" data-testid={`tabpanel-${current.name}`}>
        {current.render(program)}
      </Box>
    </ResourceContextProvider>
  );
}

/** The drawer itself: mounted beside the list, open whenever the route names a program (or `create`). */
export function ProgramDrawer() {
  const { id, routedTab } = useProgramRoute();
  const navigate = useNavigate();
  const { search } = useLocation();
  const close = () => navigate({ pathname: BASE, search });
  const routed = routedTab ? programTabs.find((tab) => tab.name === routedTab)?.route : undefined;
  return (
    <DrawerFrame
      open={Boolean(id)}
      onClose={close}
      title={id ? <DrawerTitle id={id} /> : null}
      linkPath={id && id !== 'create' ? `${BASE}/${id}${routed ? `/${routed}` : ''}` : undefined}
      record={id ? { resource: PROGRAMS, id } : undefined}
    >
      {id === 'create' ? <ProgramCreate /> : id ? <ProgramDetail key={id} id={id} routedTab={routedTab} /> : null}
    </DrawerFrame>
  );
}
