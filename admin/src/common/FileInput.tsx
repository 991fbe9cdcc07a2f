import { Box, Button, CircularProgress, FormControl, FormHelperText, FormLabel, Link, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import { IMAGE_ACCEPT, MAX_UPLOAD_MB, UPLOAD_ACCEPT } from '../../../domain/rules/files';
import { FileTooLargeError, filesApi, isAddress, keyName, type FilesApi } from '../../../domain/http/files';
import type { UploadAnswer } from '../../../domain/contract/files';
import type { HttpError } from '../providers/http';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/**
 * File fields of the console (issue 20): a program's or cohort's image, a coach's photo, an
 * application's document. The file goes to POST /files (field `object`); the field keeps the
 * `fileName` the server answers. Shows the file's name, a preview for images and a link that opens
 * it (fetched with the bearer, then shown from memory). Values from before uploads (addresses typed
 * by hand) still show and open as links.
 */

export function useFilesApi(): FilesApi {
  const { request } = useAppDataProvider();
  return useMemo(() => filesApi(request), [request]);
}

/** The refusal's words: the server's field error on `object` (or its message), translated; the size refused here. */
export function uploadErrorText(error: unknown, translate: (key: string, options?: object) => string): string {
  if (error instanceof FileTooLargeError) return translate('app.file.too_large', { mb: MAX_UPLOAD_MB });
  const body = (error as HttpError | null)?.body;
  const message = body?.errors?.object ?? (body?.errors ? Object.values(body.errors)[0] : undefined) ?? body?.message ?? (error as Error | null)?.message;
  return message ? translate(message, { _: message }) : translate('ra.notification.http_error');
}

/** An object URL of the stored file's bytes while mounted (image previews). */
function useBlobUrl(api: FilesApi, fileName: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!fileName || isAddress(fileName)) {
      setUrl(null);
      return;
    }
    let live = true;
    let made: string | null = null;
    api.blob(fileName).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => live && setUrl(null),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, fileName]);
  return fileName && isAddress(fileName) ? fileName : url;
}

/** A link that opens a stored file in a new tab (its bytes fetched with the bearer). */
export function FileLink({ fileName, name, testId = 'file-open' }: { fileName: string; name?: string | null; testId?: string }) {
  const api = useFilesApi();
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  if (isAddress(fileName)) {
    return (
      <Link href={fileName} target="_blank" rel="noopener noreferrer" data-testid={testId}>
        {name || fileName}
      </Link>
    );
  }
  async function open() {
    setFailed(false);
    // The tab is opened at the click (a popup blocker allows it), then given the file.
    const tab = window.open('', '_blank');
    try {
      const blob = await api.blob(fileName);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      setFailed(true);
    }
  }
  return (
    <Box component="span">
      <Link component="button" type="button" onClick={open} data-testid={testId} sx={{ verticalAlign: 'baseline', textAlign: 'left', wordBreak: 'break-all' }}>
        {name || keyName(fileName)}
      </Link>
      {failed ? (
        <Typography component="span" variant="caption" color="error" sx={{ ml: 1 }}>
          {translate('app.file.open_failed')}
        </Typography>
      ) : null}
    </Box>
  );
}

export interface UploadButtonProps {
  purpose?: 'DOCUMENT' | 'IMAGE';
  studentId?: number | null;
  label?: string;
  disabled?: boolean;
  onUploaded(file: UploadAnswer): void | Promise<void>;
  onError?(text: string): void;
  testId?: string;
}

/** A button that picks one file and uploads it (POST /files), showing progress; the refusal goes to onError. */
export function UploadButton({ purpose = 'DOCUMENT', studentId, label, disabled, onUploaded, onError, testId = 'file-upload' }: UploadButtonProps) {
  const api = useFilesApi();
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  async function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      await onUploaded(await api.upload(file, { purpose, studentId }));
    } catch (error) {
      onError?.(uploadErrorText(error, translate));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <input ref={input} type="file" hidden accept={purpose === 'IMAGE' ? IMAGE_ACCEPT : UPLOAD_ACCEPT} onChange={picked} data-testid={`${testId}-input`} />
      <Button
        size="small"
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} /> : <UploadFileIcon />}
        disabled={disabled || busy}
        onClick={() => input.current?.click()}
        data-testid={testId}
      >
        {busy ? translate('app.file.uploading') : (label ?? translate(purpose === 'IMAGE' ? 'app.file.choose_image' : 'app.file.choose'))}
      </Button>
    </>
  );
}

export type FileInputProps = InputProps & { label?: string | false; helperText?: string | false; purpose?: 'DOCUMENT' | 'IMAGE'; studentId?: number | null };

/** A react-admin input holding a stored file's `fileName` (or null), uploaded through POST /files. */
export function FileInput({ label, helperText, purpose = 'IMAGE', studentId, ...props }: FileInputProps) {
  const translate = useTranslate();
  const api = useFilesApi();
  const { field, fieldState, id, isRequired } = useInput({ ...props, format: (v: unknown) => v ?? null, parse: (v: unknown) => v ?? null });
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  const preview = useBlobUrl(api, purpose === 'IMAGE' ? value : null);
  const shownName = name ?? (value ? (isAddress(value) ? value : keyName(value)) : null);
  const invalid = Boolean(error) || Boolean(fieldState.error);
  return (
    <FormControl fullWidth margin="dense" error={invalid} data-testid={`file-input-${props.source}`}>
      {label !== false ? (
        <FormLabel htmlFor={id} sx={{ mb: 0.5 }}>
          <FieldTitle label={label} source={props.source} isRequired={isRequired} />
        </FormLabel>
      ) : null}
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt={translate('app.file.preview', { name: shownName ?? '' })}
            sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
            data-testid="file-preview"
          />
        ) : null}
        <Box sx={{ minWidth: 0 }}>
          {value ? (
            <FileLink fileName={value} name={shownName} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('app.file.none')}
            </Typography>
          )}
        </Box>
        <UploadButton
          purpose={purpose}
          studentId={studentId}
          label={value ? translate('app.file.replace') : undefined}
          onUploaded={(file) => {
            setError(null);
            setName(file.originalName);
            field.onChange(file.fileName);
          }}
          onError={setError}
          testId={`file-upload-${props.source}`}
        />
        {value ? (
          <Button
            size="small"
            onClick={() => {
              setName(null);
              field.onChange(null);
            }}
            data-testid={`file-remove-${props.source}`}
          >
            {translate('app.file.remove')}
          </Button>
        ) : null}
      </Stack>
      <FormHelperText id={`${id}-helper`}>
        {error ? (
          error
        ) : fieldState.error ? (
          <InputHelperText error={fieldState.error.message} helperText={helperText} />
        ) : helperText !== false ? (
          (helperText ?? translate(purpose === 'IMAGE' ? 'app.file.image_hint' : 'app.file.hint', { mb: MAX_UPLOAD_MB }))
        ) : null}
      </FormHelperText>
    </FormControl>
  );
}
