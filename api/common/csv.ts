import { Readable } from 'node:stream';
import type { Response } from 'express';

/**
 * CSV files the API answers (a plan's schedule, plans, financial status; the export jobs of issue 20
 * write the same files to storage): a service describes the file — its name, header and rows as an
 * async iterable read batch by batch — and never sees Express; `csvStream` writes RFC 4180 lines and
 * `sendCsv` streams them to the client.
 *
 * Cells: dates as ISO timestamps, booleans as true/false, numbers as they are, objects as JSON, null and
 * undefined as empty. Text a spreadsheet would run as a formula (=, +, -, @, tab or CR first, and not a
 * plain number) gets a leading apostrophe. A cell holding a comma, a quote or a line break of either
 * kind is quoted, its quotes doubled; lines end with CRLF.
 *
 * The writer is ours, not csv-stringify's (docs/decisions.md, issue 20): csv-stringify costs ~10 µs of
 * CPU for a 19-cell line on this machine, which alone kept a 1M-row export under 100k rows/s; this one
 * costs ~2 µs. tests/api/csv.test.ts checks it line for line against csv-stringify, configured as the
 * rules above say, over thousands of generated rows (quotes, commas, CR, LF, formulas, unicode).
 */
export class CsvFile {
  constructor(
    readonly fileName: string,
    readonly header: string[],
    /** The rows one by one, or (`{ pages }`) a page of rows at a time: a big export's path, one await a page. */
    readonly rows: AsyncIterable<unknown[]> | Iterable<unknown[]> | { pages: AsyncIterable<unknown[][]> },
  ) {}
}

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

/** A spreadsheet-safe text cell. */
export function safeText(text: string): string {
  return FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

const quoted = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTES, '""')}"` : text);

/** One cell as CSV text (see the rules above). */
function cell(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoted(safeText(value));
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return '';
    default:
      if (value === null) return '';
      if (value instanceof Date) return value.toISOString();
      return quoted(JSON.stringify(value) ?? '');
  }
}

/** One CSV line with its CRLF. */
export function csvLine(cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += i ? `,${cell(cells[i])}` : cell(cells[i]);
  return `${line}\r\n`;
}

/** How much text is gathered before it is handed on: few, large writes; memory holds one chunk. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The file's lines as a stream of text. The header goes out with the first rows (or alone, at the end,
 * when there are none), so a source failing before its first row fails before anything is written.
 */
export function csvStream(file: CsvFile): Readable {
  const source = file.rows;
  const pages: AsyncIterable<unknown[][]> =
    'pages' in source
      ? source.pages
      : (async function* () {
          for await (const row of source) yield [row];
        })();
  async function* chunks(): AsyncGenerator<Buffer> {
    let text = csvLine(file.header);
    for await (const page of pages) {
      for (const row of page) {
        text += csvLine(row);
        if (text.length >= CHUNK_CHARS) {
          yield Buffer.from(text);
          text = '';
        }
      }
    }
    if (text) yield Buffer.from(text);
  }
  return Readable.from(chunks(), { objectMode: false });
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
