import { CommentsPanel } from '../../common/CommentsPanel';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { COACHES, COACH_COMMENTS_PAGE, coachCommentsApi, type CoachRecord } from './coachRecord';

export const coachCommentsKey = (coachId: number | string) => [COACHES, 'comments', String(coachId)] as const;

/**
 * The comments tab: staff notes on the coach, newest first, five at a time
 * (GET /coaches/{id}/comments?size=5&page). Staff who may update coaches add, edit and delete them.
 */
export function CoachComments({ record }: { record: CoachRecord }) {
  const api = coachCommentsApi(useAppDataProvider());
  return (
    <CommentsPanel
      calls={{
        list: (page, size) => api.list(record.id, page, size),
        add: (content) => api.add(record.id, content),
        edit: (commentId, content) => api.edit(record.id, commentId, content),
        remove: (commentId) => api.remove(record.id, commentId),
      }}
      queryKey={coachCommentsKey(record.id)}
      pageSize={COACH_COMMENTS_PAGE}
      resource={COACHES}
      texts="resources.coaches.comments"
      testId="coach-comments"
    />
  );
}
