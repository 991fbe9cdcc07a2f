import { useEffect, useState } from 'react';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { ENROLLMENTS, MAX_CALL_ATTEMPTS, clampCallAttempts, type ApplicationRecord } from '../../common/applicationRecord';

const t = (key: string) => `resources.enrollments.call_attempts.${key}`;

/**
 * The call-attempts tab: how many times admissions called the student, with − and + (PATCH
 * /applications/{id}/call_attempts/{n}, staff who may update applications). The count shown is the
 * server's answer.
 */
export function ApplicationCallAttempts({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess: canEdit = false } = useCanAccess({ resource: ENROLLMENTS, action: 'edit' });
  const [count, setCount] = useState(record.callAttempts ?? 0);
  const [pending, setPending] = useState(false);
  useEffect(() => setCount(record.callAttempts ?? 0), [record.callAttempts]);

  async function set(n: number) {
    const next = clampCallAttempts(n);
    if (next === count) return;
    setPending(true);
    try {
      const answer = (await dataProvider.setCallAttempts(record.id, next)) as Partial<ApplicationRecord> | null;
      setCount(typeof answer?.callAttempts === 'number' ? answer.callAttempts : next);
      notify(t('saved'), { type: 'success' });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Box data-testid="application-call-attempts">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(t('intro'))}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center">
        {canEdit ? (
          <Tooltip title={translate(t('decrease'))}>
            <span>
              <IconButton aria-label={translate(t('decrease'))} onClick={() => set(count - 1)} disabled={pending || count <= 0} data-testid="call-attempts-decrease">
                <RemoveIcon />
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
        <Typography variant="h4" component="span" data-testid="call-attempts-count">
          {count}
        </Typography>
        {canEdit ? (
          <Tooltip title={translate(t('increase'))}>
            <span>
              <IconButton
                aria-label={translate(t('increase'))}
                onClick={() => set(count + 1)}
                disabled={pending || count >= MAX_CALL_ATTEMPTS}
                data-testid="call-attempts-increase"
              >
                <AddIcon />
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {translate(t('label'), { smart_count: count })}
        </Typography>
      </Stack>
    </Box>
  );
}
