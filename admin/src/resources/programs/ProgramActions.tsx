import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import SyncIcon from '@mui/icons-material/Sync';
import { Button, Confirm, useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useServerRefusal } from '../../common/useServerRefusal';
import { SyncRunDialog } from '../../common/SyncRunDialog';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { PROGRAMS, type ProgramRecord } from './programRecord';

const t = (key: string) => `resources.programs.${key}`;

type LmsCall = 'sync_from_d2l' | 'sync_topic_videos_from_d2l' | 'sync_academic_status';

/** The programs' `onError` outside a form's field errors: every refusal notified in the console's language. */
export const useProgramRefusal = () => useServerRefusal({ keepFieldErrors: false });

/**
 * The program's actions above its tabs: Archive (asks first; the server refuses while the program
 * has current cohorts, and that refusal is shown as sent), Undelete for an archived program, and the
 * learning-system syncs (modules and categories, topic videos, academic status) — only for a program
 * with a learning-system connection, since without one they cannot succeed; otherwise a sentence says
 * where connections are set up. Each sync opens a dialog that shows its dry run first, then runs it and
 * shows the run's counts. Archive and undelete need programs:delete, the syncs programs:update.
 */
export function ProgramActions({ program }: { program: ProgramRecord }) {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useProgramRefusal();
  const refresh = useRefresh();
  const { canAccess: canDelete } = useCanAccess({ resource: PROGRAMS, action: 'delete' });
  const { canAccess: canEdit } = useCanAccess({ resource: PROGRAMS, action: 'edit' });
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [syncing, setSyncing] = useState<LmsCall | null>(null);

  async function run(name: string, call: () => Promise<unknown>, success: string) {
    setPending(name);
    try {
      await call();
      notify(success, { type: 'success', messageArgs: { name: program.name } });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(null);
      setConfirming(false);
    }
  }

  // Each sync opens its dialog: a dry run first, then the run (api/lms/sync.service.ts).
  const lms = (call: LmsCall) => setSyncing(call);
  const connected = program.lmsConnectionId !== null && program.lmsConnectionId !== undefined;

  return (
    <>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mb: 1 }} data-testid="program-actions">
        {canDelete && !program.deleted ? (
          <Button label={t('actions.archive')} onClick={() => setConfirming(true)} disabled={pending !== null} data-testid="program-archive">
            <ArchiveIcon />
          </Button>
        ) : null}
        {canDelete && program.deleted ? (
          <Button
            label={t('actions.undelete')}
            onClick={() => run('undelete', () => dataProvider.undeleteProgram(program.id), t('notifications.undeleted'))}
            disabled={pending !== null}
            data-testid="program-undelete"
          >
            <RestoreIcon />
          </Button>
        ) : null}
        {connected && canEdit && !program.deleted ? (
          <>
            <Button label={t('actions.sync_from_d2l')} onClick={() => lms('sync_from_d2l')} disabled={pending !== null} data-testid="program-sync">
              <SyncIcon />
            </Button>
            <Button label={t('actions.sync_topic_videos_from_d2l')} onClick={() => lms('sync_topic_videos_from_d2l')} disabled={pending !== null} data-testid="program-sync-videos">
              <SyncIcon />
            </Button>
          </>
        ) : null}
        {connected && canEdit && !program.deleted ? (
          <Button label={t('actions.sync_academic_status')} onClick={() => lms('sync_academic_status')} disabled={pending !== null} data-testid="program-sync-status">
            <SyncIcon />
          </Button>
        ) : null}
        <SyncRunDialog
          open={syncing !== null}
          title={t(`actions.${syncing ?? 'sync_from_d2l'}`)}
          onClose={() => setSyncing(null)}
          run={(dryRun) => dataProvider.programLmsCall(program.id, syncing ?? 'sync_from_d2l', dryRun)}
          onDone={() => {
            notify(t(`notifications.${syncing ?? 'sync_from_d2l'}`), { type: 'success', messageArgs: { name: program.name } });
            refresh();
          }}
        />
        <Confirm
          isOpen={confirming}
          loading={pending === 'archive'}
          title={t('actions.archive_title')}
          content={t('actions.archive_content')}
          translateOptions={{ name: program.name }}
          confirm={t('actions.archive')}
          onConfirm={() => run('archive', () => dataProvider.archiveProgram(program.id), t('notifications.archived'))}
          onClose={() => setConfirming(false)}
        />
      </Stack>
      {connected ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="program-lms-unavailable">
          {translate(t('messages.lms_unavailable'))}
        </Typography>
      )}
    </>
  );
}
