import { useRef, useState } from 'react';
import { Alert, Box, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Confirm, useNotify, useTranslate } from 'react-admin';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { LANGUAGES, TEMPLATES, t, templatesApi, type ContentDraft, type LanguageValue, type Preview, type TemplateContentRecord, type TemplateRecord } from './templateRecord';

const f = (key: string) => t(`fields.${key}`);
type TextField = keyof ContentDraft;
const TEXT_FIELDS: TextField[] = ['subject', 'messageBodyTemplate', 'inboxTemplate', 'voiceMailTemplate', 'emailTemplateHtml'];

const draftOf = (c: TemplateContentRecord | undefined): ContentDraft => ({
  subject: c?.subject ?? '',
  messageBodyTemplate: c?.messageBodyTemplate ?? '',
  inboxTemplate: c?.inboxTemplate ?? '',
  voiceMailTemplate: c?.voiceMailTemplate ?? '',
  emailTemplateHtml: c?.emailTemplateHtml ?? '',
});

/** The rendered email in a sandboxed frame (no scripts, no same origin), its text part and the inbox text. */
export function PreviewPanel({ preview }: { preview: Preview }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'html' | 'text' | 'inbox'>('html');
  return (
    <Box sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="content-preview">
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1 }}>
        {translate(t('preview.subject'))}: <span data-testid="preview-subject">{preview.subject}</span>
      </Typography>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ px: 1 }}>
        <Tab value="html" label={translate(t('preview.html'))} />
        <Tab value="text" label={translate(t('preview.text'))} data-testid="preview-text-tab" />
        <Tab value="inbox" label={translate(t('preview.inbox'))} />
      </Tabs>
      {tab === 'html' ? (
        <Box
          component="iframe"
          title={translate(t('preview.title'))}
          sandbox=""
          srcDoc={preview.html}
          sx={{ width: '100%', height: 480, border: 0, bgcolor: '#f4f5f7' }}
          data-testid="preview-frame"
        />
      ) : tab === 'text' ? (
        <Box component="pre" sx={{ p: 2, m: 0, whiteSpace: 'pre-wrap', fontSize: 13 }} data-testid="preview-text">
          {preview.text}
        </Box>
      ) : (
        <Box component="iframe" title={translate(t('preview.inbox'))} sandbox="" srcDoc={preview.inbox} sx={{ width: '100%', height: 200, border: 0 }} />
      )}
    </Box>
  );
}

function SendTestDialog({ template, language, onClose }: { template: TemplateRecord; language: LanguageValue; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = templatesApi(useAppDataProvider());
  const refused = useServerRefusal({ keepFieldErrors: true });
  const [email, setEmail] = useState('');
  const [lang, setLang] = useState<LanguageValue>(language);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function send() {
    setPending(true);
    setError(null);
    try {
      const sent = await api.sendTest(template.id, email, lang);
      notify(t('notifications.test_sent'), { type: 'success', messageArgs: { to: sent.to } });
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) setError(fields.email ?? Object.values(fields)[0]);
      refused(err);
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate(t('actions.send_test'))}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(t('hints.test_email'))}
        </Typography>
        <TextField
          label={translate(f('testEmail'))}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(error)}
          helperText={error ? translate(error, { _: error }) : ' '}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'test-email-address' } }}
        />
        <TextField select label={translate(f('testLanguage'))} value={lang} onChange={(e) => setLang(e.target.value as LanguageValue)} fullWidth sx={{ mt: 1 }}>
          {LANGUAGES.map((l) => (
            <MenuItem key={l} value={l}>
              {translate(t(`languages.${l}`))}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button label={t('actions.cancel')} onClick={onClose} />
        <Button label={t('actions.send')} variant="contained" onClick={() => void send()} disabled={pending} data-testid="send-test-confirm">
          <SendIcon />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * One language's content: subject, HTML body, inbox, voice-mail and complete-HTML texts, with the
 * available placeholders listed (a click inserts one where the cursor is in the last field used),
 * save (each unknown placeholder refused on its field), preview of the unsaved texts as sends render
 * them, a test email, and delete (not the English one).
 */
export function ContentEditor({
  template,
  language,
  content,
  canWrite,
}: {
  template: TemplateRecord;
  language: LanguageValue;
  content?: TemplateContentRecord;
  canWrite: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const api = templatesApi(useAppDataProvider());
  const refused = useServerRefusal();
  const [draft, setDraft] = useState<ContentDraft>(draftOf(content));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [pending, setPending] = useState(false);
  const [testing, setTesting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const fields = useRef<Partial<Record<TextField, HTMLTextAreaElement | HTMLInputElement | null>>>({});
  const lastField = useRef<TextField>('messageBodyTemplate');
  const placeholders = [...template.availableParams, ...template.recipientParams];

  const reload = () => queryClient.invalidateQueries({ queryKey: [TEMPLATES] });

  async function run(call: () => Promise<unknown>, done?: string) {
    setPending(true);
    setErrors({});
    try {
      await call();
      if (done) notify(done, { type: 'success' });
    } catch (err) {
      const fieldErrors = fieldErrorsOf(err);
      if (fieldErrors) setErrors(fieldErrors);
      refused(err);
    } finally {
      setPending(false);
    }
  }

  function insert(name: string) {
    const field = lastField.current;
    const el = fields.current[field];
    const current = draft[field] ?? '';
    const token = `{{${name}}}`;
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    setDraft({ ...draft, [field]: current.slice(0, start) + token + current.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  const input = (name: TextField, rows?: number) => (
    <TextField
      key={name}
      label={translate(f(name))}
      value={draft[name] ?? ''}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      onFocus={() => (lastField.current = name)}
      inputRef={(el: HTMLTextAreaElement | HTMLInputElement | null) => {
        fields.current[name] = el;
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ? translate(errors[name], { _: errors[name] }) : ' '}
      multiline={Boolean(rows)}
      minRows={rows}
      fullWidth
      required={name === 'subject' || name === 'messageBodyTemplate'}
      slotProps={{ input: { readOnly: !canWrite }, htmlInput: { 'data-testid': `content-${name}` } }}
      sx={{ mb: 1, '& textarea': { fontFamily: name === 'subject' ? undefined : 'monospace', fontSize: 13 } }}
    />
  );

  return (
    <Box data-testid={`content-editor-${language}`}>
      {canWrite ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {translate(t('hints.placeholders'))}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
            {placeholders.map((name) => (
              <Chip key={name} size="small" variant="outlined" label={`{{${name}}}`} onClick={() => insert(name)} data-testid={`placeholder-${name}`} />
            ))}
          </Stack>
        </Box>
      ) : null}
      {TEXT_FIELDS.map((name) => input(name, name === 'subject' ? undefined : name === 'messageBodyTemplate' ? 8 : 3))}
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {canWrite ? (
          <Button
            label={content ? t('actions.save_content') : translate(t('actions.add_content'), { language: translate(t(`languages.${language}`)) })}
            variant="contained"
            disabled={pending}
            data-testid="save-content"
            onClick={() =>
              void run(async () => {
                if (content) await api.saveContent(template.id, content, draft);
                else await api.addContent(template.id, language, draft);
                await reload();
              }, t('notifications.content_saved'))
            }
          >
            <SaveIcon />
          </Button>
        ) : null}
        {content ? (
          <Button
            label={t('actions.preview')}
            variant="outlined"
            disabled={pending}
            data-testid="preview-content"
            onClick={() => void run(async () => setPreview(await api.preview(template.id, content.id, draft)))}
          >
            <VisibilityIcon />
          </Button>
        ) : null}
        {content && canWrite ? (
          <Button label={t('actions.send_test')} variant="outlined" disabled={pending} data-testid="send-test" onClick={() => setTesting(true)}>
            <SendIcon />
          </Button>
        ) : null}
        {content && canWrite && language !== 'EN' ? (
          <Button label={t('actions.delete_content')} color="error" disabled={pending} data-testid="delete-content" onClick={() => setConfirming(true)}>
            <DeleteIcon />
          </Button>
        ) : null}
      </Stack>
      {preview ? (
        <PreviewPanel preview={preview} />
      ) : content ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate(t('hints.preview_empty'))}
        </Typography>
      ) : null}
      {testing ? <SendTestDialog template={template} language={language} onClose={() => setTesting(false)} /> : null}
      <Confirm
        isOpen={confirming}
        title={t('actions.delete_content_title')}
        titleTranslateOptions={{ language: translate(t(`languages.${language}`)) }}
        content={t('actions.delete_text')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (content)
            void run(async () => {
              await api.deleteContent(template.id, content.id);
              await reload();
            }, t('notifications.content_deleted'));
        }}
      />
    </Box>
  );
}

/** The template's contents, one tab per language (English first: a template's first content is English). */
export function ContentsPanel({ template, canWrite }: { template: TemplateRecord; canWrite: boolean }) {
  const translate = useTranslate();
  const [language, setLanguage] = useState<LanguageValue>('EN');
  const contents = template.contents ?? [];
  const content = contents.find((c) => c.language === language);
  const hasEnglish = contents.some((c) => c.language === 'EN');
  return (
    <Box>
      <Tabs value={language} onChange={(_e, v) => setLanguage(v)} sx={{ mb: 2 }}>
        {LANGUAGES.map((l) => (
          <Tab key={l} value={l} label={translate(t(`languages.${l}`))} data-testid={`language-${l}`} />
        ))}
      </Tabs>
      {!content ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(t(hasEnglish ? 'hints.missing_language' : 'hints.english_first'))}
        </Alert>
      ) : null}
      {!content && language !== 'EN' && !hasEnglish ? null : (
        <ContentEditor
          key={`${language}-${content?.id ?? 'new'}-${content ? content.subject : ''}`}
          template={template}
          language={language}
          content={content}
          canWrite={canWrite}
        />
      )}
    </Box>
  );
}
