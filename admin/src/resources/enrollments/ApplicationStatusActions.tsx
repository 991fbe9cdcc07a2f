import { useTranslate } from 'react-admin';
import { StatusMoveButtons } from '../../common/StatusMoveButtons';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { ENROLLMENTS, closingStatuses, nextStatuses, type ApplicationRecord, type ApplicationStatusValue } from './applicationRecord';

const a = (key: string) => `resources.enrollments.status_actions.${key}`;

/**
 * One button per legal next status of the machine (staff with applications:status), each asking
 * first, then PATCH /applications/{id}/status?status=… — pessimistic: the drawer shows the new status
 * once the server has moved it. A refusal ('The enrollment agreement is not signed', 'Invalid
 * status', 'Already enrolled'...) is notified with the server's message, in the console's language.
 */
export function ApplicationStatusActions({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const statusLabel = (s: ApplicationStatusValue) => translate(`enums.ApplicationStatus.${s}`, { _: s });
  return (
    <StatusMoveButtons<ApplicationStatusValue>
      resource={ENROLLMENTS}
      moves={nextStatuses(record.status)}
      move={(to) => dataProvider.changeApplicationStatus(record.id, to)}
      label={(to) => a(`to.${to}`)}
      forward={(to) => !closingStatuses.has(to)}
      confirm={(to) => ({
        title: a('confirm_title'), content: a('confirm_content'),
        titleArgs: { id: record.id, status: statusLabel(to) }, contentArgs: { from: statusLabel(record.status), to: statusLabel(to) },
      })}
      success={(to) => ({ message: a('changed'), args: { status: statusLabel(to) } })}
      testId="status-actions"
      buttonTestId={(to) => `status-to-${to}`}
    />
  );
}
