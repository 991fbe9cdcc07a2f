import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Tooltip,
} from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import ManageIcon from '@mui/icons-material/TuneOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { Confirm, useListContext, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedFilter } from '../providers/dataProvider';
import type { ApiErrorBody } from '../providers/http';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { criteriaOf, sameCriteria, withoutSavedFilter } from './ListFilters';

/**
 * The user's saved filters of one list kind (back-office spec §4, §7): GET /search_filters?type&size=100.
 * Choosing one replaces the list's filter with its criteria plus `savedFilterId` / `savedFilterName`;
 * 'Save filter' names and saves the current criteria; the selected one can be renamed or deleted, and
 * 'Manage saved filters' lists every one of them to rename or delete (each delete asked first).
 * As soon as the list's criteria no longer equal the selected filter's (an input or chip was
 * edited), the saved-filter id and name are cleared: the list no longer shows that filter.
 * Server refusals (409 'A saved filter with this name already exists', 400s) are shown.
 */

export const savedFiltersQueryKey = (kind: string) => ['savedFilters', kind] as const;

type DialogMode = 'create' | 'rename' | null;

const errorBody = (error: unknown): Partial<ApiErrorBody> => ((error as { body?: ApiErrorBody })?.body ?? { message: (error as Error)?.message }) as Partial<ApiErrorBody>;

export interface SavedFiltersProps {
  /** The saved-filter kind of the list (SearchFilterKind: `students`, `applications`...). */
  kind: string;
}

export function SavedFilters({ kind }: SavedFiltersProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const queryKey = savedFiltersQueryKey(kind);
  const { data: saved = [], isSuccess } = useQuery({ queryKey, queryFn: () => dataProvider.savedFilters(kind) });

  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<DialogMode>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  /** The filter being renamed or deleted: the selected one, or any from 'Manage saved filters'. */
  const [target, setTarget] = useState<SavedFilter | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [managing, setManaging] = useState(false);
  const [busy, setBusy] = useState(false);

  const rawId = filterValues?.savedFilterId;
  const selectedId = rawId === undefined || rawId === null || rawId === '' ? null : Number(rawId);
  const selected = selectedId === null ? null : (saved.find((f) => f.id === selectedId) ?? null);
  const hasCriteria = Object.keys(criteriaOf(filterValues)).length > 0;

  // The list left the saved filter (criteria edited, or the filter is gone): forget its id and name.
  const stale = selectedId !== null && isSuccess && (!selected || !sameCriteria(filterValues, selected.criteria));
  useEffect(() => {
    if (stale) setFilters(withoutSavedFilter(filterValues), displayedFilters);
  }, [stale, filterValues, displayedFilters, setFilters]);

  const setCache = (update: (list: SavedFilter[]) => SavedFilter[]) => queryClient.setQueryData<SavedFilter[]>(queryKey, (list) => update(list ?? []));

  const choose = (filter: SavedFilter) => {
    setAnchor(null);
    setFilters({ ...filter.criteria, savedFilterId: filter.id, savedFilterName: filter.name }, displayedFilters);
  };

  const openDialog = (mode: DialogMode, filter: SavedFilter | null = selected) => {
    setAnchor(null);
    setTarget(mode === 'rename' ? filter : null);
    setName(mode === 'rename' && filter ? filter.name : '');
    setNameError(null);
    setDialog(mode);
  };

  const askDelete = (filter: SavedFilter) => {
    setAnchor(null);
    setTarget(filter);
    setConfirmDelete(true);
  };

  const refuse = (error: unknown) => {
    const body = errorBody(error);
    if (body.errors?.name) setNameError(body.errors.name);
    else notify(body.message ?? 'ra.notification.http_error', { type: 'error' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('ra.validation.required');
      return;
    }
    setBusy(true);
    try {
      if (dialog === 'create') {
        const created = await dataProvider.createSavedFilter(kind, name.trim(), criteriaOf(filterValues));
        setCache((list) => [...list, created]);
        setFilters({ ...filterValues, savedFilterId: created.id, savedFilterName: created.name }, displayedFilters);
        notify('app.filters.saved', { type: 'success' });
      } else if (dialog === 'rename' && target) {
        const updated = await dataProvider.updateSavedFilter(target.id, kind, name.trim(), target.criteria);
        setCache((list) => list.map((f) => (f.id === updated.id ? updated : f)));
        if (updated.id === selectedId) setFilters({ ...filterValues, savedFilterName: updated.name }, displayedFilters);
        notify('app.filters.renamed', { type: 'success' });
      }
      setDialog(null);
      void queryClient.invalidateQueries({ queryKey });
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await dataProvider.deleteSavedFilter(target.id);
      setCache((list) => list.filter((f) => f.id !== target.id));
      // Deleting the applied filter leaves it (its criteria stay); deleting another one changes nothing on the list.
      if (target.id === selectedId) setFilters(withoutSavedFilter(filterValues), displayedFilters);
      notify('app.filters.deleted', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey });
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
      setConfirmDelete(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarkIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="saved-filters-button"
      >
        {selected?.name ?? (typeof filterValues?.savedFilterName === 'string' ? filterValues.savedFilterName : translate('app.filters.saved_filters'))}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} data-testid="saved-filters-menu">
        {saved.length === 0 ? (
          <MenuItem disabled>{translate('app.filters.no_saved_filters')}</MenuItem>
        ) : (
          saved.map((filter) => (
            <MenuItem key={filter.id} selected={filter.id === selectedId} onClick={() => choose(filter)}>
              {filter.name}
            </MenuItem>
          ))
        )}
        <Divider />
        <MenuItem disabled={!hasCriteria} onClick={() => openDialog('create')}>
          <ListItemIcon>
            <SaveIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate(selected ? 'app.filters.save_as_new' : 'app.filters.save_filter')}</ListItemText>
        </MenuItem>
        {selected ? (
          <MenuItem onClick={() => openDialog('rename')}>
            <ListItemIcon>
              <EditIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.filters.rename')}</ListItemText>
          </MenuItem>
        ) : null}
        {selected ? (
          <MenuItem onClick={() => askDelete(selected)}>
            <ListItemIcon>
              <DeleteIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.filters.delete')}</ListItemText>
          </MenuItem>
        ) : null}
        {saved.length > 0 ? (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setManaging(true);
            }}
          >
            <ListItemIcon>
              <ManageIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.filters.manage')}</ListItemText>
          </MenuItem>
        ) : null}
      </Menu>

      <Dialog open={managing} onClose={() => setManaging(false)} fullWidth maxWidth="xs" aria-labelledby="saved-filters-manage-title">
        <DialogTitle id="saved-filters-manage-title">{translate('app.filters.manage')}</DialogTitle>
        <DialogContent>
          {saved.length === 0 ? translate('app.filters.no_saved_filters') : null}
          <List dense disablePadding>
            {saved.map((filter) => (
              <ListItem
                key={filter.id}
                disableGutters
                secondaryAction={
                  <>
                    <Tooltip title={translate('app.filters.rename')}>
                      <IconButton aria-label={translate('app.filters.rename_named', { name: filter.name })} onClick={() => openDialog('rename', filter)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('app.filters.delete')}>
                      <IconButton aria-label={translate('app.filters.delete_named', { name: filter.name })} onClick={() => askDelete(filter)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                }
              >
                <ListItemText primary={filter.name} slotProps={{ primary: { noWrap: true, title: filter.name, sx: { pr: 10 } } }} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setManaging(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>

      <Dialog open={dialog !== null} onClose={() => setDialog(null)} fullWidth maxWidth="xs" aria-labelledby="saved-filters-name-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="saved-filters-name-title">{translate(dialog === 'rename' ? 'app.filters.rename' : 'app.filters.save_filter')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={translate('app.filters.filter_name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(null);
              }}
              error={Boolean(nameError)}
              helperText={nameError ? translate(nameError, { _: nameError }) : ' '}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('ra.action.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <Confirm
        isOpen={confirmDelete}
        loading={busy}
        title={translate('app.filters.delete')}
        content={translate('app.filters.delete_confirm', { name: target?.name ?? '' })}
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      />
    </>
  );
}
