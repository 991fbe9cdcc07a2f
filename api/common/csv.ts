import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';

/**
 * CSV files the API answers (a plan's schedule, plans, financial status; the export jobs of issue 20
 * write the same files to storage): a service describes the file — its name, header and rows as an
 * async iterable read batch by batch — and never sees Express; csv-stringify writes RFC 4180 lines
 * (CRLF, quoted when needed) and `sendCsv` streams them to the client.
 *
 * Cells: dates as ISO timestamps, booleans as true/false, null as empty. Text a spreadsheet would run as
 * a formula (=, +, -, @, tab or CR first, and not a plain number) gets a leading apostrophe.
 */
export class CsvFile {
  constructor(
    readonly fileName: string,
    readonly header: string[],
    readonly rows: AsyncIterable<unknown[]> | Iterable<unknown[]>,
  ) {}
}

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A spreadsheet-safe text cell. */
export function safeText(text: string): string {
  return FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/** The file's lines as a stream of text (the header first, even when there are no rows). */
export function csvStream(file: CsvFile): Readable {
  const out = stringify({
    header: true,
    columns: file.header.map((name, i) => ({ key: String(i), header: name })),
    record_delimiter: 'windows',
    // A line break of either kind inside a cell is quoted (csv-stringify quotes only the record delimiter).
    quoted_match: /[\r\n]/,
    cast: {
      string: (v) => safeText(v),
      date: (v) => v.toISOString(),
      boolean: (v) => String(v),
    },
  });
  // pipeline, not pipe: a failing source destroys the writer with its error once (the reader of `out` gets
  // it), and no stream is left to re-emit it after its reader stopped listening (an unhandled 'error').
  pipeline(Readable.from(file.rows), out, () => undefined);
  return out;
}

/** The whole file as text (tests and small files). */
export async function csvText(file: CsvFile): Promise<string> {
  let text = '';
  for await (const chunk of csvStream(file)) text += String(chunk);
  return text;
}

/**
 * Answers `text/csv` as an attachment, chunk by chunk, waiting for the socket to drain when its buffer
 * is full (memory holds one batch at a time). An error before the first line is thrown to the error
 * handler (a proper error answer); after, the connection is cut so the client sees a broken download
 * rather than a short file that looks whole.
 */
export async function sendCsv(res: Response, file: CsvFile): Promise<void> {
  const lines = csvStream(file)[Symbol.asyncIterator]();
  const first = await lines.next();
  res.status(200).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.fileName}"`, 'Cache-Control': 'no-store' });
  const write = (chunk: unknown) =>
    new Promise<void>((resolve, reject) => {
      if (res.destroyed) return reject(new Error('the client went away'));
      if (res.write(chunk)) return resolve();
      res.once('drain', resolve);
    });
  try {
    if (!first.done) await write(first.value);
    for (;;) {
      const next = await lines.next();
      if (next.done) break;
      await write(next.value);
    }
    res.end();
  } catch (err) {
    await lines.return?.();
    res.destroy(err as Error);
  }
}
