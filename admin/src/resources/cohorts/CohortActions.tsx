import { useState, type ReactElement } from 'react';
import { Stack, Typography } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import BlockIcon from '@mui/icons-material/Block';
import PublishIcon from '@mui/icons-material/Publish';
import RestoreIcon from '@mui/icons-material/Restore';
import SyncIcon from '@mui/icons-material/Sync';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { Button, Confirm, useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { COHORTS, modulesPath, type CohortRecord } from './cohortRecord';
import { useServerRefusal } from '../../common/useServerRefusal';
import { SyncRunDialog } from '../../common/SyncRunDialog';

const a = (key: string) => `resources.cohorts.actions.${key}`;
const n = (key: string) => `resources.cohorts.notifications.${key}`;

function ActionButton({ label, icon, onClick, disabled, testId }: { label: string; icon: ReactElement; onClick: () => void; disabled?: boolean; testId: string }) {
  return (
    <Button label={label} variant="outlined" size="small" onClick={onClick} disabled={disabled} data-testid={testId}>
      {icon}
    </Button>
  );
}

type Confirming = 'archive' | 'cancel' | null;

/**
 * The cohort drawer's actions, each through its own API call (never a PUT of the state): Publish or
 * Unpublish (cohorts:publish), the modules screen, Sync from the learning system, Cancel or Reinstate
 * (cohorts:update), Archive (with a confirmation) or Undelete (cohorts:delete). Sync is offered only
 * when the cohort's program has a learning-system connection (otherwise it cannot succeed, and a
 * sentence says where connections will be set up). A refusal — 'The cohort cannot be archived: it
 * belongs to the product …' — is notified with the server's message.
 */
export function CohortActions({ record }: { record: CohortRecord }) {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { search } = useLocation();
  const publish = useCanAccess({ resource: COHORTS, action: 'publish' });
  const update = useCanAccess({ resource: COHORTS, action: 'edit' });
  const remove = useCanAccess({ resource: COHORTS, action: 'delete' });
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [syncing, setSyncing] = useState(false);

  async function run(call: () => Promise<unknown>, success?: string) {
    setPending(true);
    try {
      await call();
      if (success) notify(success, { type: 'success' });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  const live = !record.deleted;
  const cancelled = record.status === 'CANCELLED';
  // A cohort syncs through its own learning-system connection, else its program's: without one the sync cannot succeed.
  const connected = Boolean(record.lmsConnectionId ?? record.program?.lmsConnectionId);
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid="cohort-actions">
        {publish.canAccess && live ? (
          record.published ? (
            <ActionButton
              label={a('unpublish')}
              icon={<UnpublishedIcon />}
              disabled={pending}
              testId="unpublish-cohort"
              onClick={() => run(() => dataProvider.publishCohorts([record.id], false), n('unpublished'))}
            />
          ) : (
            <ActionButton
              label={a('publish')}
              icon={<PublishIcon />}
              disabled={pending}
              testId="publish-cohort"
              onClick={() => run(() => dataProvider.publishCohorts([record.id], true), n('published'))}
            />
          )
        ) : null}
        <Button component={RouterLink} to={`${modulesPath(record.id)}${search}`} label={a('modules')} variant="outlined" size="small" data-testid="cohort-modules-link">
          <ViewModuleIcon />
        </Button>
        {update.canAccess && live ? (
          <>
            {connected ? <ActionButton label={a('sync_lms')} icon={<SyncIcon />} disabled={pending} testId="sync-cohort" onClick={() => setSyncing(true)} /> : null}
            {cancelled ? (
              <ActionButton
                label={a('reinstate')}
                icon={<RestoreIcon />}
                disabled={pending}
                testId="reinstate-cohort"
                onClick={() => run(() => dataProvider.setCohortFlag(record.id, 'cancelled', false), n('reinstated'))}
              />
            ) : (
              <ActionButton label={a('cancel')} icon={<BlockIcon />} disabled={pending} testId="cancel-cohort" onClick={() => setConfirming('cancel')} />
            )}
          </>
        ) : null}
        {remove.canAccess ? (
          live ? (
            <ActionButton label={a('archive')} icon={<ArchiveIcon />} disabled={pending} testId="archive-cohort" onClick={() => setConfirming('archive')} />
          ) : (
            <ActionButton
              label={a('undelete')}
              icon={<UnarchiveIcon />}
              disabled={pending}
              testId="undelete-cohort"
              onClick={() => run(() => dataProvider.undeleteCohort(record.id), n('undeleted'))}
            />
          )
        ) : null}
        <SyncRunDialog
          open={syncing}
          title={a('sync_lms')}
          onClose={() => setSyncing(false)}
          run={(dryRun) => dataProvider.syncCohortFromLms(record.id, dryRun)}
          onDone={() => {
            notify(n('synced'), { type: 'success' });
            refresh();
          }}
        />
        <Confirm
          isOpen={confirming !== null}
          title={a(confirming === 'cancel' ? 'cancel_title' : 'archive_title')}
          content={a(confirming === 'cancel' ? 'cancel_content' : 'archive_content')}
          titleTranslateOptions={{ label: record.label }}
          onClose={() => setConfirming(null)}
          onConfirm={() => {
            const which = confirming;
            setConfirming(null);
            if (which === 'archive') void run(() => dataProvider.archiveCohort(record.id), n('archived'));
            if (which === 'cancel') void run(() => dataProvider.setCohortFlag(record.id, 'cancelled', true), n('cancelled'));
          }}
        />
      </Stack>
      {live && !connected ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="cohort-lms-unavailable">
          {translate('resources.cohorts.messages.lms_unavailable')}
        </Typography>
      ) : null}
    </>
  );
}
