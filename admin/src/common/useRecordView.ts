import { useEffect } from 'react';
import { useGetIdentity } from 'react-admin';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/**
 * Records that a staff member opened a record (POST /users/{userId}/view_histories), once per
 * record shown, so the dashboard's "Recently viewed" can bring them back to it. Failures are
 * ignored: the history is a convenience, never a reason to disturb the screen.
 */
export function useRecordView(entityType: string, entityId: string | number | undefined, label: string | undefined) {
  const dataProvider = useAppDataProvider();
  const { identity } = useGetIdentity();
  const userId = (identity as { userId?: number } | undefined)?.userId;
  // The label only has to be known once: a new id (or the label arriving) is a new view, a renamed record is not.
  const hasLabel = Boolean(label);
  useEffect(() => {
    if (!userId || entityId === undefined || entityId === 'create' || !label) return;
    dataProvider
      .request({ method: 'POST', path: `/users/${userId}/view_histories`, body: { entityType, entityId: Number(entityId), label } })
      .catch(() => undefined);
  }, [userId, entityType, entityId, hasLabel]);
}
