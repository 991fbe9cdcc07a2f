import type { Response } from 'express';

/**
 * CSV exports of billing (plans, financial status, a plan's schedule): RFC 4180 lines, streamed.
 * A cell with a comma, quote or line break is quoted (quotes doubled); text that a spreadsheet would
 * run as a formula (=, +, -, @ at the start, and not a plain number) gets a leading apostrophe.
 */

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let text = v instanceof Date ? v.toISOString() : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated). */
export function csvLine(values: unknown[]): string {
  return `${values.map(cell).join(',')}\r\n`;
}

/**
 * Answers `text/csv` as an attachment: the header line at once, then whatever `body` writes, chunk by
 * chunk, waiting for the socket to drain when its buffer is full (so memory holds one chunk at a time).
 * An error before anything was sent is thrown to the error handler; after, the connection is cut so the
 * client sees a broken download rather than a short file that looks whole.
 */
export async function streamCsv(res: Response, fileName: string, header: string[], body: (write: (chunk: string) => Promise<void>) => Promise<void>): Promise<void> {
  const write = (chunk: string) =>
    new Promise<void>((resolve, reject) => {
      if (res.destroyed) return reject(new Error('the client went away'));
      if (res.write(chunk)) return resolve();
      res.once('drain', resolve);
    });
  let started = false;
  try {
    const first = csvLine(header);
    await body(async (chunk) => {
      if (!started) {
        res.status(200).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' });
        started = true;
        await write(first);
      }
      await write(chunk);
    });
    if (!started) {
      res.status(200).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' });
      res.write(first);
    }
    res.end();
  } catch (err) {
    if (!started) throw err;
    res.destroy(err as Error);
  }
}
