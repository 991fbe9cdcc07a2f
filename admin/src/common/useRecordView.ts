import { useEffect } from 'react';
import { useGetIdentity } from 'react-admin';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/**
 * The kinds of record the console keeps in the staff's view history, with the console resource each
 * opens in: the dashboard's 'Recently viewed' names a kind by its resource's name in the console's
 * language and links to the record's route. A drawer recording a new kind must add it here.
 */
export const VIEWED_RECORDS = {
  STUDENT: 'students',
  CUSTOMER: 'customers',
  ADMINISTRATOR: 'admins',
  PROGRAM: 'programs',
  APPLICATION: 'enrollments',
  PAYMENT_PLAN: 'payment-information',
  REFUND: 'refunds',
  EXTERNAL_PAYMENT: 'external-payments',
} as const;

export type ViewedRecord = keyof typeof VIEWED_RECORDS;

/**
 * Records that a staff member opened a record (POST /users/{userId}/view_histories), once per
 * record shown, so the dashboard's "Recently viewed" can bring them back to it. Failures are
 * ignored: the history is a convenience, never a reason to disturb the screen.
 */
export function useRecordView(entityType: ViewedRecord, entityId: string | number | undefined, label: string | undefined) {
  const dataProvider = useAppDataProvider();
  const { identity } = useGetIdentity();
  const userId = (identity as { userId?: number } | undefined)?.userId;
  // The label only has to be known once: a new id (or the label arriving) is a new view, a renamed record is not.
  const hasLabel = Boolean(label);
  useEffect(() => {
    if (!userId || entityId === undefined || entityId === 'create' || !label) return;
    dataProvider.request({ method: 'POST', path: `/users/${userId}/view_histories`, body: { entityType, entityId: Number(entityId), label } }).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one view per record shown: the label counts once it is known (hasLabel), a rename is no new view; the data provider is the app's one
  }, [userId, entityType, entityId, hasLabel]);
}
