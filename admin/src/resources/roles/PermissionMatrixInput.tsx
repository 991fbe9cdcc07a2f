import { useMemo } from 'react';
import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { actionColumns, countPermissions, grants, resourceState, toggleAction, toggleEverything, toggleResource, type Catalogue } from './permissionMatrix';
import { usePermissionCatalogue } from './usePermissionCatalogue';

// Narrow, wrapping action headers so the matrix fits beside the menu on a laptop screen.
const headerCell = { px: 0.5, minWidth: 56, maxWidth: 76, lineHeight: 1.2, fontSize: '0.75rem', whiteSpace: 'normal', hyphens: 'auto' } as const;

const humanize = (text: string) => text.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

export interface PermissionMatrixProps {
  catalogue: Catalogue;
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  disabled?: boolean;
}

/**
 * Resources (rows) × actions (columns) with an "all actions" box per resource and one "everything"
 * box ('*'). Each click is turned into the role's new `permissions` array by ./permissionMatrix.
 */
export function PermissionMatrix({ catalogue, value, onChange, disabled }: PermissionMatrixProps) {
  const translate = useTranslate();
  const columns = useMemo(() => actionColumns(catalogue), [catalogue]);
  const everything = value.includes('*');
  const { granted, total } = countPermissions(value, catalogue);
  const resourceLabel = (r: string) => translate(`resources.roles.matrix.resources.${r}`, { _: humanize(r) });
  const actionLabel = (a: string) => translate(`resources.roles.matrix.actions.${a}`, { _: humanize(a) });

  return (
    <Box data-testid="permission-matrix" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={everything}
              indeterminate={!everything && granted > 0}
              disabled={disabled}
              onChange={(e) => onChange(toggleEverything(value, catalogue, e.target.checked))}
              slotProps={{ input: { 'aria-label': translate('resources.roles.matrix.everything_short') } as object }}
              data-testid="permission-everything"
            />
          }
          label={<Typography fontWeight={600}>{translate('resources.roles.matrix.everything')}</Typography>}
        />
        <Typography variant="body2" color="text.secondary" data-testid="permission-count">
          {everything ? translate('resources.roles.matrix.everything_short') : translate('resources.roles.matrix.count', { granted, total })}
        </Typography>
      </Box>
      <TableContainer sx={{ maxHeight: 560, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={translate('resources.roles.fields.permissions')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 150 }}>{translate('resources.roles.matrix.resource')}</TableCell>
              <TableCell align="center" sx={{ fontWeight: 600, ...headerCell }}>
                {translate('resources.roles.matrix.all_actions')}
              </TableCell>
              {columns.map((action) => (
                <TableCell key={action} align="center" sx={headerCell}>
                  {actionLabel(action)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {catalogue.map((entry) => {
              const state = resourceState(value, entry);
              return (
                <TableRow key={entry.resource} hover>
                  <TableCell component="th" scope="row">
                    {resourceLabel(entry.resource)}
                  </TableCell>
                  <TableCell align="center">
                    <Checkbox
                      size="small"
                      checked={state === 'all'}
                      indeterminate={state === 'some'}
                      disabled={disabled}
                      onChange={(e) => onChange(toggleResource(value, catalogue, entry.resource, e.target.checked))}
                      slotProps={{ input: { 'aria-label': `${resourceLabel(entry.resource)} · ${translate('resources.roles.matrix.all_actions')}` } as object }}
                      data-testid={`permission-${entry.resource}:*`}
                    />
                  </TableCell>
                  {columns.map((action) => (
                    <TableCell key={action} align="center" sx={{ px: 0.5 }}>
                      {entry.actions.includes(action) ? (
                        <Checkbox
                          size="small"
                          checked={grants(value, entry.resource, action)}
                          disabled={disabled}
                          onChange={(e) => onChange(toggleAction(value, catalogue, entry.resource, action, e.target.checked))}
                          slotProps={{ input: { 'aria-label': `${resourceLabel(entry.resource)} · ${actionLabel(action)}` } as object }}
                          data-testid={`permission-${entry.resource}:${action}`}
                        />
                      ) : null}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** The role form's `permissions` input: the matrix over GET /api/roles/permissions. */
export function PermissionMatrixInput({ source = 'permissions', disabled }: { source?: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { catalogue, error } = usePermissionCatalogue();
  const { field, fieldState } = useInput<string[]>({ source, defaultValue: [] });
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  if (error) return <Alert severity="error">{translate(error.message, { _: error.message })}</Alert>;
  if (!catalogue) return <LinearProgress />;
  const message = fieldState.error?.message;
  return (
    // A one-column grid track of minmax(0, 1fr): the wide table scrolls inside instead of widening the page.
    <Box sx={{ width: '100%', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="subtitle1" sx={{ mb: 0.5 }}>
        {translate('resources.roles.fields.permissions')}
      </Typography>
      <PermissionMatrix catalogue={catalogue} value={value} onChange={(next) => field.onChange(next)} disabled={disabled} />
      {message ? <FormHelperText error>{translate(message, { _: message })}</FormHelperText> : null}
    </Box>
  );
}
