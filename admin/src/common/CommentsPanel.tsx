import { useState } from 'react';
import { Box, Button as MuiButton, Divider, IconButton, LinearProgress, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Confirm, useCanAccess, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from './dates';
import { LoadError } from './LoadError';
import { fieldErrorsOf, useServerRefusal } from './useServerRefusal';

/** The API keeps comments as text; the console stops at a generous length. */
const MAX_COMMENT = 5000;

/** A staff comment as the comment calls answer it (an application's, a coach's). */
export interface CommentRow {
  id: number;
  content: string;
  author?: { name?: string | null } | null;
  createdAt: string;
  updatedAt?: string | null;
}

/** The comment calls of one record: a page of comments (newest first), add, edit, remove. */
export interface CommentCalls<T extends CommentRow> {
  list(page: number, size: number): Promise<{ data: T[]; total: number }>;
  add(content: string): Promise<unknown>;
  edit(commentId: number, content: string): Promise<unknown>;
  remove(commentId: number): Promise<unknown>;
}

interface CommentEditorProps {
  /** The texts' key prefix, e.g. resources.coaches.comments. */
  texts: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
  testId: string;
}

/** The text box of a new or edited comment; a 400's message stays under it. */
function CommentEditor({ texts, initial = '', submitLabel, onSubmit, onCancel, testId }: CommentEditorProps) {
  const translate = useTranslate();
  const c = (key: string) => `${texts}.${key}`;
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (!content.trim()) {
      setError('ra.validation.required');
      return;
    }
    setBusy(true);
    try {
      await onSubmit(content.trim());
      setContent('');
      setError(null);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields?.content) setError(fields.content);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box sx={{ mb: 2 }} data-testid={testId}>
      <TextField
        fullWidth
        multiline
        minRows={2}
        size="small"
        label={translate(c('content'))}
        value={content}
        onChange={(e) => {
          setContent(e.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ? translate(error, { _: error }) : ' '}
        slotProps={{ htmlInput: { maxLength: MAX_COMMENT } }}
      />
      <Stack direction="row" spacing={1}>
        <MuiButton size="small" variant="contained" onClick={submit} disabled={busy}>
          {translate(submitLabel)}
        </MuiButton>
        {onCancel ? (
          <MuiButton size="small" onClick={onCancel} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
        ) : null}
      </Stack>
    </Box>
  );
}

/**
 * A record's comments tab (an application's, a coach's): staff notes, newest first, `pageSize` at a
 * time with 'Load more'; staff who may edit `resource` add, edit and delete them, each change reloading
 * the pages shown. Texts under `texts` (content, add, added, saved, deleted, empty, edit, delete,
 * edited, unknown_author, load_more, delete_title, delete_content).
 */
export function CommentsPanel<T extends CommentRow>({
  calls,
  queryKey,
  pageSize,
  resource,
  texts,
  testId,
}: {
  calls: CommentCalls<T>;
  queryKey: readonly unknown[];
  pageSize: number;
  resource: string;
  texts: string;
  testId: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const c = (key: string) => `${texts}.${key}`;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refused = useServerRefusal();
  const { canAccess: canEdit = false } = useCanAccess({ resource, action: 'edit' });
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => calls.list(pageParam, pageSize),
    getNextPageParam: (last, pages) => (pages.length * pageSize < last.total ? pages.length : undefined),
  });
  const comments: T[] = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.total ?? 0;
  const reload = () => queryClient.invalidateQueries({ queryKey });

  async function change(call: () => Promise<unknown>, success: string) {
    try {
      await call();
      notify(success, { type: 'success' });
      await reload();
    } catch (err) {
      refused(err);
      throw err;
    }
  }

  if (isPending) return <LinearProgress />;
  if (error) return <LoadError error={error} />;
  return (
    <Box data-testid={testId}>
      {canEdit ? <CommentEditor texts={texts} submitLabel={c('add')} testId="new-comment" onSubmit={(content) => change(() => calls.add(content), c('added'))} /> : null}
      {comments.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="no-comments">
          {translate(c('empty'))}
        </Typography>
      ) : null}
      {comments.map((comment) => (
        <Box key={comment.id} sx={{ mb: 1.5 }} data-testid={`comment-${comment.id}`}>
          <Stack direction="row" alignItems="center" spacing={1}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {comment.author?.name ?? translate(c('unknown_author'))}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {formatDateTime(comment.createdAt, locale)}
                {comment.updatedAt && comment.updatedAt !== comment.createdAt ? ` · ${translate(c('edited'))}` : ''}
              </Typography>
            </Typography>
            {canEdit && editing !== comment.id ? (
              <>
                <Tooltip title={translate(c('edit'))}>
                  <IconButton size="small" aria-label={translate(c('edit'))} onClick={() => setEditing(comment.id)} data-testid={`edit-comment-${comment.id}`}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate(c('delete'))}>
                  <IconButton size="small" aria-label={translate(c('delete'))} onClick={() => setDeleting(comment)} data-testid={`delete-comment-${comment.id}`}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            ) : null}
          </Stack>
          {editing === comment.id ? (
            <CommentEditor
              texts={texts}
              initial={comment.content}
              submitLabel="ra.action.save"
              testId={`comment-editor-${comment.id}`}
              onCancel={() => setEditing(null)}
              onSubmit={async (content) => {
                await change(() => calls.edit(comment.id, content), c('saved'));
                setEditing(null);
              }}
            />
          ) : (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {comment.content}
            </Typography>
          )}
          <Divider sx={{ mt: 1 }} />
        </Box>
      ))}
      {hasNextPage ? (
        <MuiButton size="small" onClick={() => fetchNextPage()} disabled={isFetchingNextPage} data-testid="comments-load-more">
          {translate(c('load_more'), { shown: comments.length, total })}
        </MuiButton>
      ) : null}
      <Confirm
        isOpen={deleting !== null}
        title={c('delete_title')}
        content={c('delete_content')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) void change(() => calls.remove(target.id), c('deleted')).catch(() => undefined);
        }}
      />
    </Box>
  );
}
