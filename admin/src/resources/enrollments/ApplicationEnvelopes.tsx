import { useState } from 'react';
import { Box, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import NoteAddIcon from '@mui/icons-material/NoteAddOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, Confirm, useCanAccess, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../common/dates';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { LoadError } from './ApplicationPaymentPlans';
import { ENROLLMENTS, type ApplicationRecord, type Envelope } from '../../common/applicationRecord';
import { saveFile } from '../../common/saveFile';
import { isEnvelopeVoidable } from '../../../../domain/state/envelopes';
// Shared with other resources: admin/src/common.
export { saveFile };

const e = (key: string) => `resources.enrollments.envelopes.${key}`;

export const envelopesQueryKey = (applicationId: number | string) => ['enrollments', 'envelopes', String(applicationId)] as const;

const envelopeColor = { SENT: 'warning', SIGNED: 'success', VOIDED: 'default' } as const;

/** The envelope is the one in force: SENT or SIGNED, and its text still matches the terms. */
export const isCurrent = (envelope: Envelope) => isEnvelopeVoidable(envelope) && !envelope.stale;

/**
 * The agreements tab: the application's envelopes, newest first (GET /applications/{id}/envelopes),
 * with their state ('Terms changed' when the text no longer matches the terms: it must be signed
 * again), the signature (typed name, time, IP), 'Download PDF' (GET /envelopes/{id}/pdf with the
 * bearer) and, for staff who may update applications, 'Recreate' (POST /envelopes/{id}/recreate:
 * voids it and sends a fresh one) and 'Prepare agreement' while none is in force.
 */
export function ApplicationEnvelopes({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess: canEdit = false } = useCanAccess({ resource: ENROLLMENTS, action: 'edit' });
  const [recreating, setRecreating] = useState<Envelope | null>(null);
  const [pending, setPending] = useState(false);
  const queryKey = envelopesQueryKey(record.id);
  const { data, error, isPending } = useQuery({ queryKey, queryFn: () => dataProvider.applicationEnvelopes(record.id) });

  async function run(call: () => Promise<unknown>, success: string) {
    setPending(true);
    try {
      await call();
      notify(success, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey });
    } catch (err) {
      refused(err);
    } finally {
      setPending(false);
    }
  }

  async function download(envelope: Envelope) {
    try {
      saveFile(await dataProvider.envelopePdf(envelope.id), `agreement-${envelope.id}.pdf`);
    } catch (err) {
      refused(err);
    }
  }

  if (isPending) return <LinearProgress />;
  if (error) return <LoadError error={error} />;
  const envelopes = data ?? [];
  const hasCurrent = envelopes.some(isCurrent);
  return (
    <Box data-testid="application-envelopes">
      {canEdit && !hasCurrent ? (
        <Box sx={{ mb: 2 }}>
          <Button
            label={e('prepare')}
            variant="outlined"
            size="small"
            disabled={pending}
            onClick={() => run(() => dataProvider.prepareEnvelope(record.id), e('prepared'))}
            data-testid="prepare-envelope"
          >
            <NoteAddIcon />
          </Button>
        </Box>
      ) : null}
      {envelopes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="no-envelopes">
          {translate(e('empty'))}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(e('id'))}</TableCell>
                <TableCell>{translate(e('title'))}</TableCell>
                <TableCell>{translate(e('status'))}</TableCell>
                <TableCell>{translate(e('signature'))}</TableCell>
                <TableCell>{translate(e('createdAt'))}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {envelopes.map((envelope) => (
                <TableRow key={envelope.id} data-testid={`envelope-${envelope.id}`}>
                  <TableCell>{envelope.id}</TableCell>
                  <TableCell lang="en">{envelope.title}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                      <Chip size="small" color={envelopeColor[envelope.status] ?? 'default'} label={translate(e(`statuses.${envelope.status}`), { _: envelope.status })} />
                      {envelope.stale && isEnvelopeVoidable(envelope) ? (
                        <Chip size="small" color="error" variant="outlined" label={translate(e('stale'))} data-testid={`stale-${envelope.id}`} />
                      ) : null}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    {envelope.signedAt ? (
                      <>
                        <Typography variant="body2">{envelope.signedName}</Typography>
                        <Typography variant="caption" color="text.secondary" component="div">
                          {formatDateTime(envelope.signedAt, locale)}
                          {envelope.signedIp ? ` · ${envelope.signedIp}` : ''}
                        </Typography>
                        {envelope.signedSha256 ? (
                          <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-all' }} title={envelope.signedSha256}>
                            SHA-256 {envelope.signedSha256.slice(0, 12)}…
                          </Typography>
                        ) : null}
                      </>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(envelope.createdAt, locale)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button label={e('download')} size="small" onClick={() => download(envelope)} data-testid={`download-envelope-${envelope.id}`}>
                        <DownloadIcon />
                      </Button>
                      {canEdit && isEnvelopeVoidable(envelope) ? (
                        <Button label={e('recreate')} size="small" disabled={pending} onClick={() => setRecreating(envelope)} data-testid={`recreate-envelope-${envelope.id}`}>
                          <RefreshIcon />
                        </Button>
                      ) : null}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Confirm
        isOpen={recreating !== null}
        loading={pending}
        title={e('recreate_title')}
        content={e(recreating?.status === 'SIGNED' ? 'recreate_signed_content' : 'recreate_content')}
        titleTranslateOptions={{ id: recreating?.id ?? '' }}
        onClose={() => setRecreating(null)}
        onConfirm={() => {
          const target = recreating;
          setRecreating(null);
          if (target) void run(() => dataProvider.recreateEnvelope(target.id), e('recreated'));
        }}
      />
    </Box>
  );
}
