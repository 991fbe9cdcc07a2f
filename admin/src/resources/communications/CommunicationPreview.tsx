import { useEffect, useMemo, useState } from 'react';
import { Alert, Autocomplete, Box, LinearProgress, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useGetList, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { studentOptionText } from '../../common/studentNames';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { communicationApi, type toPayload } from './communicationRecord';

const t = (key: string) => `resources.communications.${key}`;

type Draft = ReturnType<typeof toPayload>;
type PreviewTab = 'email' | 'inbox' | 'text';

/** A student picked by keyword (GET /students?keyword=), for the preview. */
function PreviewStudentPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const { data: options = [] } = useGetList('students', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'id', order: 'ASC' },
    filter: typed.trim() ? { q: typed.trim() } : {},
  });
  const { data: chosen } = useGetOne('students', { id: value ?? '' }, { enabled: value !== null });
  const all = useMemo(() => (chosen && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options), [chosen, options]);
  return (
    <Autocomplete<RaRecord>
      size="small"
      options={all}
      value={all.find((o) => o.id === value) ?? null}
      getOptionLabel={(o) => studentOptionText(o)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onInputChange={(_, text, reason) => reason === 'input' && setTyped(text)}
      onChange={(_, o) => onChange(o ? Number(o.id) : null)}
      renderInput={(params) => (
        <TextField {...params} label={translate(t('fields.previewStudent'))} slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'preview-student' } }} />
      )}
      sx={{ maxWidth: 420, mb: 1 }}
    />
  );
}

/**
 * The preview tabs of the communications drawer (spec: default email): the message as one student
 * receives it, in their language — the email in a sandboxed frame (no scripts), the portal inbox's
 * text, the email's plain-text part — from POST /communications/preview, the dispatcher's own
 * composition. A draft the server cannot render (a placeholder without a value) says why.
 */
export function CommunicationPreview({ draft, suggestedStudentId }: { draft: Draft; suggestedStudentId?: number | null }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [tab, setTab] = useState<PreviewTab>('email');
  const [studentId, setStudentId] = useState<number | null>(suggestedStudentId ?? null);
  useEffect(() => {
    if (studentId === null && suggestedStudentId) setStudentId(suggestedStudentId);
  }, [studentId, suggestedStudentId]);
  const key = JSON.stringify(draft);
  const ready = studentId !== null && Boolean(draft.communicationTemplateId || draft.subject || draft.longMessageBody);
  const { data, error, isFetching } = useQuery({
    queryKey: ['communications', 'preview', key, studentId],
    queryFn: () => communicationApi(dataProvider).preview(draft, studentId!),
    enabled: ready,
    retry: false,
  });
  const fieldErrors = (error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors;
  const reason = error ? (fieldErrors ? Object.values(fieldErrors).join('; ') : error.message) : '';
  return (
    <Box sx={{ mt: 2, borderTop: 1, borderColor: 'divider', pt: 2 }} data-testid="communication-preview">
      <PreviewStudentPicker value={studentId} onChange={setStudentId} />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 1 }} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="email" label={translate(t('tabs.email'))} data-testid="preview-tab-email" />
        <Tab value="inbox" label={translate(t('tabs.inbox'))} data-testid="preview-tab-inbox" />
        <Tab value="text" label={translate(t('tabs.text'))} data-testid="preview-tab-text" />
      </Tabs>
      {!ready ? (
        <Typography variant="body2" color="text.secondary" data-testid="preview-choose">
          {translate(t('messages.preview_choose'))}
        </Typography>
      ) : isFetching && !data ? (
        <LinearProgress />
      ) : error ? (
        <Alert severity="warning" variant="outlined" data-testid="preview-error">
          {translate(t('messages.preview_failed'), { reason: translate(reason, { _: reason }) })}
        </Alert>
      ) : data ? (
        <Box data-testid={`preview-panel-${tab}`}>
          <Typography variant="caption" color="text.secondary" component="p" data-testid="preview-language">
            {translate(t('messages.preview_language'), { language: translate(`enums.Language.${data.language}`, { _: data.language }) })}
          </Typography>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }} data-testid="preview-subject">
            {data.subject}
          </Typography>
          {tab === 'email' ? (
            <Box
              component="iframe"
              title={translate(t('tabs.email'))}
              sandbox=""
              srcDoc={data.html}
              data-testid="preview-email"
              sx={{ width: '100%', minHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
            />
          ) : tab === 'inbox' ? (
            <Box
              component="iframe"
              title={translate(t('tabs.inbox'))}
              sandbox=""
              srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:Helvetica,Arial,sans-serif;font-size:15px;margin:12px">${data.inbox}</body>`}
              data-testid="preview-inbox"
              sx={{ width: '100%', minHeight: 200, border: 1, borderColor: 'divider', borderRadius: 1 }}
            />
          ) : (
            <Box
              component="pre"
              data-testid="preview-text"
              sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13, m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1 }}
            >
              {data.text}
            </Box>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
