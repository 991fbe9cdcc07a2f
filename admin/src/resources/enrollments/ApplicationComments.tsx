import { CommentsPanel } from '../../common/CommentsPanel';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { COMMENTS_PAGE, ENROLLMENTS, type ApplicationRecord } from '../../common/applicationRecord';

export const commentsQueryKey = (applicationId: number | string) => ['enrollments', 'comments', String(applicationId)] as const;

/**
 * The comments tab: staff notes on the application, newest first, five at a time with 'Load more'
 * (GET /applications/{id}/comments?size=5&page). Staff who may update applications add, edit and
 * delete them (POST, PUT, DELETE …/comments/{commentId}); each change reloads the pages shown.
 */
export function ApplicationComments({ record }: { record: ApplicationRecord }) {
  const dataProvider = useAppDataProvider();
  return (
    <CommentsPanel
      calls={{
        list: (page, size) => dataProvider.applicationComments(record.id, page, size),
        add: (content) => dataProvider.addApplicationComment(record.id, content),
        edit: (commentId, content) => dataProvider.editApplicationComment(record.id, commentId, content),
        remove: (commentId) => dataProvider.deleteApplicationComment(record.id, commentId),
      }}
      queryKey={commentsQueryKey(record.id)}
      pageSize={COMMENTS_PAGE}
      resource={ENROLLMENTS}
      texts="resources.enrollments.comments"
      testId="application-comments"
    />
  );
}
