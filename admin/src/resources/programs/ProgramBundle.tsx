import { useMemo } from 'react';
import { Box, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { AutocompleteArrayInput, Form, SaveButton, useCanAccess, useGetList, useNotify, useTranslate, type Identifier } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { ApiErrorBody } from '../../providers/http';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { bundleCandidates, PROGRAMS, type ProgramRecord } from './programRecord';
import { useProgramRefusal } from './ProgramActions';

const t = (key: string) => `resources.programs.${key}`;

/**
 * The bundle tab (bundle programs only): the programs the bundle includes (GET /programs/{id}/programs)
 * and, for staff who may update programs, the set to include, saved with POST /programs/{id}/programs
 * (it replaces the set). The choices are the programs that are neither bundles nor archived (read with
 * the spec's unpaged list, size 2000). A refusal (409) is shown as sent; a 400 lands under the input.
 */
export function ProgramBundle({ program }: { program: ProgramRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useProgramRefusal();
  const { search } = useLocation();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { canAccess: canEdit } = useCanAccess({ resource: PROGRAMS, action: 'edit' });
  const key = [PROGRAMS, 'bundle', String(program.id)];
  const { data: included, isPending } = useQuery({ queryKey: key, queryFn: () => dataProvider.bundlePrograms(program.id) as Promise<ProgramRecord[]> });
  const editable = canEdit && !program.deleted;
  const { data: all } = useGetList<ProgramRecord>(PROGRAMS, { pagination: { page: 1, perPage: 2000 }, sort: { field: 'name', order: 'ASC' }, filter: {} }, { enabled: editable });
  const choices = useMemo(() => {
    const candidates = bundleCandidates(all ?? [], program.id);
    // Programs already included stay choosable even if archived since (the server keeps them).
    const extra = (included ?? []).filter((p) => !candidates.some((c) => c.id === p.id)).map((p) => ({ id: p.id, name: p.name }));
    return [...candidates, ...extra];
  }, [all, included, program.id]);

  if (isPending) return <LinearProgress />;

  const submit = async (values: Record<string, unknown>) => {
    try {
      const saved = await dataProvider.setBundlePrograms(program.id, (values.programIds as Identifier[] | undefined) ?? []);
      queryClient.setQueryData(key, saved);
      await queryClient.invalidateQueries({ queryKey: [PROGRAMS, 'getOne'] });
      notify(t('notifications.bundle_saved'), { type: 'success' });
      return undefined;
    } catch (error) {
      const body = (error as { body?: ApiErrorBody }).body;
      if (body?.status === 400 && body.errors && Object.keys(body.errors).length) {
        return { programIds: Object.values(body.errors)[0] };
      }
      refused(error);
      return undefined;
    }
  };

  return (
    <Box data-testid="program-bundle">
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(t('sections.bundle'))}
      </Typography>
      {included?.length ? (
        <List dense disablePadding data-testid="bundle-programs">
          {included.map((p) => (
            <ListItem key={p.id} disableGutters component={RouterLink} to={`/${PROGRAMS}/${p.id}${search}`} sx={{ color: 'inherit' }}>
              <ListItemText primary={p.name} secondary={p.deleted ? translate(t('messages.archived_chip')) : `#${p.id}`} />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(t('messages.bundle_empty'))}
        </Typography>
      )}
      {editable ? (
        <Form record={{ id: program.id, programIds: (included ?? []).map((p) => p.id) }} onSubmit={submit} noValidate>
          <AutocompleteArrayInput source="programIds" label={t('fields.bundleProgramIds')} choices={choices} helperText={t('helpers.bundle')} fullWidth />
          <SaveButton label={t('actions.save_bundle')} />
        </Form>
      ) : null}
    </Box>
  );
}
