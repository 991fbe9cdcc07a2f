import { useState } from 'react';
import { Alert, Box, LinearProgress, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, useGetOne, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { DrawerFrame, RecordDrawer } from '../../common/RecordDrawer';
import { useRecordView } from '../../common/useRecordView';
// eslint-disable-next-line import-x/no-restricted-paths -- the application drawer shows the student's own detail (StudentDetail with its tabs, the students resource's screen); moving that screen to admin/src/common with its tabs is the next step of the console's folder rule (issue 16)
import { StudentDetail, StudentDrawerTitle } from '../students/StudentDrawer';
import { ApplicationAnswers } from './ApplicationAnswers';
import { ApplicationCallAttempts } from './ApplicationCallAttempts';
import { ApplicationComments } from './ApplicationComments';
import { ApplicationCrm } from './ApplicationCrm';
import { ApplicationEnvelopes } from './ApplicationEnvelopes';
import { ApplicationOverview } from './ApplicationOverview';
import { ApplicationPaymentPlans } from './ApplicationPaymentPlans';
import { ApplicationVouchers } from './ApplicationVouchers';
import { ENROLLMENTS, applicationLabel, studentIdOfHash, type ApplicationRecord } from '../../common/applicationRecord';

export type ApplicationTab = 'overview' | 'payment_plan' | 'answers' | 'comments' | 'agreements' | 'call_attempts' | 'crm' | 'vouchers';
export const applicationTabs: ApplicationTab[] = ['overview', 'payment_plan', 'answers', 'comments', 'agreements', 'call_attempts', 'crm', 'vouchers'];

/**
 * The student drawer opened from an application, over the same list (`/enrollments#student=42`,
 * see useOpenStudentDrawer): opening it closes the application drawer and opening an application
 * closes it (back-office spec §2, §4: one of the two at a time). Its 'Copy direct link' is the
 * student's own route.
 */
export function StudentDrawerOverList() {
  const location = useLocation();
  const navigate = useNavigate();
  const id = location.pathname === `/${ENROLLMENTS}` ? studentIdOfHash(location.hash) : null;
  const close = () => navigate({ pathname: location.pathname, search: location.search });
  return (
    <DrawerFrame
      open={Boolean(id)}
      onClose={close}
      title={id ? <StudentDrawerTitle resource="students" id={id} /> : null}
      linkPath={id ? `/students/${id}` : undefined}
      record={id ? { resource: 'students', id } : undefined}
    >
      {id ? (
        <Box data-testid="student-drawer">
          <StudentDetail key={id} resource="students" id={id} />
        </Box>
      ) : null}
    </DrawerFrame>
  );
}

/**
 * One application in the drawer. Each record opens on its overview (the tab state belongs to the
 * record: the drawer is keyed by id). The tabs load their own calls when shown.
 */
export function ApplicationDetail({ id, initialTab = 'overview' }: { id: string; initialTab?: ApplicationTab }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<ApplicationTab>(initialTab);
  const { data: record, error, isPending } = useGetOne<ApplicationRecord>(ENROLLMENTS, { id });
  useRecordView('APPLICATION', id, record ? applicationLabel(record) : undefined);
  if (isPending) return <LinearProgress />;
  if (error || !record) {
    const message = (error as Error | null)?.message;
    return (
      <Alert severity="error" data-testid="application-load-error">
        {translate('resources.enrollments.messages.not_found')}
        {message ? ` ${translate(message, { _: message })}` : ''}
      </Alert>
    );
  }
  return (
    <ResourceContextProvider value={ENROLLMENTS}>
      <Tabs
        value={tab}
        onChange={(_, value: ApplicationTab) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: 1.5 } }}
      >
        {applicationTabs.map((name) => (
          <Tab key={name} value={name} label={translate(`resources.enrollments.tabs.${name}`)} data-testid={`tab-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" data-testid={`tabpanel-${tab}`}>
        {tab === 'overview' ? <ApplicationOverview record={record} /> : null}
        {tab === 'payment_plan' ? <ApplicationPaymentPlans record={record} /> : null}
        {tab === 'answers' ? <ApplicationAnswers record={record} /> : null}
        {tab === 'comments' ? <ApplicationComments record={record} /> : null}
        {tab === 'agreements' ? <ApplicationEnvelopes record={record} /> : null}
        {tab === 'call_attempts' ? <ApplicationCallAttempts record={record} /> : null}
        {tab === 'crm' ? <ApplicationCrm record={record} /> : null}
        {tab === 'vouchers' ? <ApplicationVouchers record={record} /> : null}
      </Box>
    </ResourceContextProvider>
  );
}

function ApplicationDrawerTitle({ id }: { id: string }) {
  const { data } = useGetOne<ApplicationRecord>(ENROLLMENTS, { id });
  return <span data-testid="drawer-title">{data ? applicationLabel(data) : `#${id}`}</span>;
}

/** The application drawer over the list on /enrollments/:id, with 'Copy direct link'. */
export function ApplicationDrawer() {
  return (
    <RecordDrawer basePath={`/${ENROLLMENTS}`} title={(id) => <ApplicationDrawerTitle id={id} />}>
      {(id) => <ApplicationDetail key={id} id={id} />}
    </RecordDrawer>
  );
}
