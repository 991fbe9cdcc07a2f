import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useTranslate } from 'react-admin';
import type { StatusMove, StatusMovesAnswer } from '../../../../domain/state/applications';
import { StatusMoveButtons } from '../../common/StatusMoveButtons';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { ENROLLMENTS, closingStatuses, type ApplicationRecord, type ApplicationStatusValue } from '../../common/applicationRecord';

const a = (key: string) => `resources.enrollments.status_actions.${key}`;

/** What a move does besides moving, in the sentences the server's answer makes true (the confirmation's content). */
function MoveConsequences({ from, move, delivery }: { from: ApplicationStatusValue; move: StatusMove; delivery: StatusMovesAnswer['delivery'] }) {
  const translate = useTranslate();
  const statusLabel = (s: ApplicationStatusValue) => translate(`enums.ApplicationStatus.${s}`, { _: s });
  const sentences = [
    translate(a('confirm_moves'), { from: statusLabel(from), to: statusLabel(move.status) }),
    ...(move.preparesAgreement ? [translate(a('prepares_agreement'))] : []),
    translate(a(!move.emailsStudent ? 'email_none' : delivery.email === 'SMTP' ? 'email_smtp' : 'email_outbox')),
    translate(a(delivery.crm === 'SALESFORCE' ? 'crm_salesforce' : 'crm_local')),
  ];
  return (
    <Box data-testid="status-move-consequences">
      {sentences.map((sentence) => (
        <Typography key={sentence} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {sentence}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The status actions of an application (staff with applications:status). The server is the one
 * judge: GET /applications/{id}/status_moves runs the status call's own checks for every move from
 * the current status, so only the moves it would accept now are buttons, and the others are listed
 * with its reason ('Mark signed: The enrollment agreement is not signed'), in the console's
 * language. Each move asks first, saying what will happen (emailed or not, where the CRM
 * notification goes, the agreement prepared), then PATCH /applications/{id}/status?status=… —
 * pessimistic: the drawer shows the status the server answered. A refusal in between (the terms
 * changed since) is notified with the server's message.
 */
export function ApplicationStatusActions({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { canAccess } = useCanAccess({ resource: ENROLLMENTS, action: 'status' });
  const { data, isError } = useQuery({
    queryKey: [ENROLLMENTS, 'status_moves', record.id, record.status, record.updatedAt],
    queryFn: () => dataProvider.applicationStatusMoves(record.id),
    enabled: canAccess === true,
  });
  if (!canAccess) return null;
  if (isError) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="status-moves-error">
        {translate(a('moves_failed'))}
      </Alert>
    );
  }
  if (!data) return null;
  const statusLabel = (s: ApplicationStatusValue) => translate(`enums.ApplicationStatus.${s}`, { _: s });
  const byStatus = new Map(data.moves.map((m) => [m.status, m]));
  const unavailable = data.moves.filter((m) => !m.allowed);
  return (
    <>
      <StatusMoveButtons<ApplicationStatusValue>
        resource={ENROLLMENTS}
        moves={data.moves.filter((m) => m.allowed).map((m) => m.status)}
        move={(to) => dataProvider.changeApplicationStatus(record.id, to)}
        label={(to) => a(`to.${to}`)}
        forward={(to) => !closingStatuses.has(to)}
        confirm={(to) => ({
          title: a('confirm_title'),
          titleArgs: { id: record.id, status: statusLabel(to) },
          content: <MoveConsequences from={data.status} move={byStatus.get(to)!} delivery={data.delivery} />,
        })}
        success={(to, result) => ({ message: a('changed'), args: { status: statusLabel((result as Partial<ApplicationRecord> | undefined)?.status ?? to) } })}
        testId="status-actions"
        buttonTestId={(to) => `status-to-${to}`}
      />
      {unavailable.length ? (
        <Box sx={{ mb: 2 }} data-testid="status-unavailable">
          <Typography variant="caption" color="text.secondary" component="div">
            {translate(a('unavailable'))}
          </Typography>
          {unavailable.map((m) => (
            <Typography key={m.status} variant="body2" color="text.secondary" data-testid={`status-unavailable-${m.status}`}>
              {`${translate(a(`to.${m.status}`))}: ${m.message ? translate(m.message, { _: m.message }) : translate('ra.notification.http_error')}`}
            </Typography>
          ))}
        </Box>
      ) : null}
    </>
  );
}
