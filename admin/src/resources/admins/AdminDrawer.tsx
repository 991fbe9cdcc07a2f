import { LinearProgress } from '@mui/material';
import { useCanAccess, useGetOne, useTranslate } from 'react-admin';
import { RecordDrawer } from '../../common/RecordDrawer';
import { AdminCreate } from './AdminCreate';
import { AdminEdit } from './AdminEdit';
import { AdminShow } from './AdminShow';
import { fullName, type Administrator } from './adminPayload';
import { useRecordView } from '../../common/useRecordView';

function AdminDrawerTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<Administrator>('admins', { id }, { enabled: id !== 'create' });
  useRecordView('ADMINISTRATOR', id, data ? fullName(data) : undefined);
  if (id === 'create') return <>{translate('resources.admins.titles.create')}</>;
  return <>{data ? fullName(data) : ''}</>;
}

function AdminDrawerContent({ id }: { id: string }) {
  const create = useCanAccess({ resource: 'admins', action: 'create' });
  const edit = useCanAccess({ resource: 'admins', action: 'edit' });
  if (create.isPending || edit.isPending) return <LinearProgress />;
  if (id === 'create') return create.canAccess ? <AdminCreate /> : null;
  return edit.canAccess ? <AdminEdit id={id} /> : <AdminShow id={id} />;
}

/** The drawer of /admins/:id and /admins/create (close, maximize, copy direct link come with the frame). */
export function AdminDrawer() {
  return (
    <RecordDrawer basePath="/admins" title={(id) => <AdminDrawerTitle id={id} />}>
      {(id) => <AdminDrawerContent id={id} />}
    </RecordDrawer>
  );
}
