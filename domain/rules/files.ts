/**
 * Uploads (issue 20; domain rules "Exports and files"): what `POST /files` accepts, shared by the API
 * (which decides by the content's first bytes, never by the name) and the console's and portal's
 * upload inputs (which refuse early what the server would refuse). Browser-safe.
 */

/** At most 20 MB per file. */
export const MAX_UPLOAD_MB = 20;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** The multipart form field that carries the file (platform spec §7). */
export const UPLOAD_FIELD = 'object';

/** The types an upload may be, by what its content is: the stored content type and the extension of the generated name. */
export const ALLOWED_UPLOAD_TYPES = [
  { mime: 'application/pdf', ext: 'pdf' },
  { mime: 'image/png', ext: 'png' },
  { mime: 'image/jpeg', ext: 'jpg' },
  { mime: 'text/csv', ext: 'csv' },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
] as const;
export type UploadType = (typeof ALLOWED_UPLOAD_TYPES)[number];

/** What a file input offers the user to choose (the server still decides by content). */
export const UPLOAD_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.csv,.docx,application/pdf,image/png,image/jpeg,text/csv,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** What an image field (program image, cohort image, coach photo) offers. */
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

export const isImageType = (contentType: string | null | undefined): boolean => contentType === 'image/png' || contentType === 'image/jpeg';

/**
 * Whether the first bytes of a file with no binary signature are CSV: UTF-8 text (a character cut at
 * the end of the sample is allowed), no control characters but tab, CR and LF, and a first line that
 * holds a comma, semicolon or tab between values. A one-column file is refused: it is not told apart
 * from any other text.
 */
export function looksLikeCsv(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  let text: string;
  try {
    // Drop up to three bytes of a character the sample cut in two, then decode strictly.
    let end = head.length;
    for (let back = 1; back <= 3 && end - back >= 0; back += 1) {
      const byte = head[end - back];
      if ((byte & 0xc0) === 0xc0) {
        const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
        if (back < need) end -= back;
        break;
      }
      if ((byte & 0x80) === 0) break;
    }
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
  } catch {
    return false;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // eslint-disable-next-line no-control-regex -- control characters are what is being looked for
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return false;
  const firstLine = text.split(/\r?\n/, 1)[0];
  return /[,;\t]/.test(firstLine) && firstLine.trim().length > 0;
}
