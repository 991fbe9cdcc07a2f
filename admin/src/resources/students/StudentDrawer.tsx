import { useState } from 'react';
import { Alert, Box, LinearProgress, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, useCanAccess, useGetOne, useTranslate } from 'react-admin';
import { RecordDrawer } from '../../common/RecordDrawer';
import { useRecordView } from '../../common/useRecordView';
import { StudentActivity } from './StudentActivity';
import { StudentApplications } from './StudentApplications';
import { StudentCommunications } from './StudentCommunications';
import { StudentMessages } from './StudentMessages';
import { StudentCreate } from './StudentCreate';
import { StudentEdit, StudentEmailForm } from './StudentEdit';
import { StudentOverview } from './StudentOverview';
import { StudentPayment } from './StudentPayment';
import { fullName, type LearnerResource, type StudentRecord } from './studentRecord';

/**
 * The record drawer over the students (or customers) list, on /students/:id (`create` included).
 * Students have the spec's five tabs; customers an overview and the profile form. Each record opens
 * on its overview (the tab state belongs to the record: a new id starts afresh).
 */

export type StudentTab = 'overview' | 'profile' | 'payment' | 'communications' | 'activity';

export const drawerTabs: Record<LearnerResource, StudentTab[]> = {
  students: ['overview', 'profile', 'payment', 'communications', 'activity'],
  customers: ['overview', 'profile'],
};

const editingTabs = new Set<StudentTab>(['profile', 'communications']);

/** The drawer title: the person's full name (or 'New student' on /create). */
export function StudentDrawerTitle({ resource, id }: { resource: LearnerResource; id: string }) {
  const translate = useTranslate();
  const isCreate = id === 'create';
  const { data } = useGetOne<StudentRecord>(resource, { id }, { enabled: !isCreate });
  if (isCreate) return <>{translate(`resources.${resource}.actions.create`)}</>;
  return <span data-testid="drawer-title">{data ? fullName(data) : ''}</span>;
}

export interface StudentDetailProps {
  resource: LearnerResource;
  id: string;
  /** The tab to start on (tests; the console always starts on the overview). */
  initialTab?: StudentTab;
}

export function StudentDetail({ resource, id, initialTab = 'overview' }: StudentDetailProps) {
  const translate = useTranslate();
  const [tab, setTab] = useState<StudentTab>(initialTab);
  const { data: record, error, isPending } = useGetOne<StudentRecord>(resource, { id });
  useRecordView(resource === 'customers' ? 'CUSTOMER' : 'STUDENT', id, record ? fullName(record) : undefined);
  // Staff without the update permission read the record; the editing tabs and actions are left out.
  const { canAccess: canEdit = false } = useCanAccess({ resource, action: 'edit' });
  // The communications tab also lists the student's messages: staff who read communications see it for those.
  const { canAccess: canReadMessages = false } = useCanAccess({ resource: 'communications', action: 'list' });
  const tabs = drawerTabs[resource].filter((name) => canEdit || !editingTabs.has(name) || (name === 'communications' && canReadMessages));

  if (isPending) return <LinearProgress />;
  if (error || !record) {
    const message = (error as Error | null)?.message;
    return (
      <Alert severity="error" data-testid="student-load-error">
        {translate(`resources.${resource}.messages.not_found`)}
        {message ? ` ${translate(message, { _: message })}` : ''}
      </Alert>
    );
  }

  return (
    <ResourceContextProvider value={resource}>
      <Tabs
        value={tab}
        onChange={(_, value: StudentTab) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: 1.5 } }}
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={translate(`resources.${resource}.tabs.${name}`)} data-testid={`tab-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" data-testid={`tabpanel-${tab}`}>
        {tab === 'overview' ? <StudentOverview resource={resource} record={record} onEditProfile={canEdit ? () => setTab('profile') : undefined} /> : null}
        {tab === 'overview' && resource === 'students' ? <StudentApplications studentId={record.id} /> : null}
        {tab === 'profile' ? (
          <>
            <StudentEdit resource={resource} id={record.id} />
            {resource === 'students' ? <StudentEmailForm record={record} /> : null}
          </>
        ) : null}
        {tab === 'payment' ? <StudentPayment resource={resource} record={record} /> : null}
        {tab === 'communications' ? (
          <>
            {canEdit ? <StudentCommunications resource={resource} id={record.id} /> : null}
            <StudentMessages studentId={record.id} />
          </>
        ) : null}
        {tab === 'activity' ? <StudentActivity id={record.id} /> : null}
      </Box>
    </ResourceContextProvider>
  );
}

/** The drawer itself: mounted beside the list, open whenever the route names a record. */
export function StudentDrawer({ resource }: { resource: LearnerResource }) {
  const translate = useTranslate();
  return (
    <RecordDrawer basePath={`/${resource}`} title={(id) => <StudentDrawerTitle resource={resource} id={id} />}>
      {(id) =>
        id === 'create' ? (
          resource === 'students' ? (
            <ResourceContextProvider value="students">
              <StudentCreate />
            </ResourceContextProvider>
          ) : (
            <Alert severity="info">{translate(`resources.${resource}.messages.no_create`)}</Alert>
          )
        ) : (
          <StudentDetail key={id} resource={resource} id={id} />
        )
      }
    </RecordDrawer>
  );
}
