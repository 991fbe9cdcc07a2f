// @database none: no database is touched here, so the MariaDB pass skips this file (tests/support/with-mariadb.ts).
import express from 'express';
import request from 'supertest';
import { stringify } from 'csv-stringify/sync';
import { CsvFile, csvText, safeText, sendCsv } from '../../api/common/csv';

/** The one CSV writer every export uses, and its streaming answer. */

describe('csvText', () => {
  test('writes a header, CRLF lines, quoting and spreadsheet-safe text', async () => {
    const text = await csvText(
      new CsvFile(
        'x.csv',
        ['Name', 'Note', 'Amount', 'When', 'Flag', 'Empty'],
        [
          ['Ada, Countess', 'said "hi"', '12.50', new Date('2026-01-02T03:04:05.000Z'), true, null],
          ['=HYPERLINK("x")', '-5', '-cmd', '@SUM(A1)', false, undefined],
          ['line\nbreak', '+1', 7, 'plain', 0, ''],
        ],
      ),
    );
    expect(text.split('\r\n')).toEqual([
      'Name,Note,Amount,When,Flag,Empty',
      '"Ada, Countess","said ""hi""",12.50,2026-01-02T03:04:05.000Z,true,',
      `"'=HYPERLINK(""x"")",-5,'-cmd,'@SUM(A1),false,`,
      `"line\nbreak",'+1,7,plain,0,`,
      '',
    ]);
  });

  test('a file without rows still has its header', async () => {
    expect(await csvText(new CsvFile('x.csv', ['A', 'B'], []))).toBe('A,B\r\n');
  });

  test('writes every line exactly as csv-stringify would (RFC 4180, CRLF, formulas defused), over thousands of generated rows', async () => {
    // A seeded generator: the same rows each run, and a failure can be replayed.
    let seed = 20261129;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    const pieces = ['a', 'Zoë', 'Дмитрий', '東京', ' ', ',', '"', '""', '\r', '\n', '\r\n', '=', '+', '-', '@', '\t', '1', '12.5', '.', "'", ';', 'x y'];
    const text = () => Array.from({ length: Math.floor(random() * 6) }, () => pick(pieces)).join('');
    const value = (): unknown =>
      pick([
        text,
        text,
        text,
        () => Math.round(random() * 1e6) / 100 - 5000,
        () => Math.floor(random() * 1e9),
        () => random() < 0.5,
        () => new Date(Math.floor(random() * 2e12)),
        () => null,
        () => undefined,
        () => ({ a: text(), n: [1, 2] }),
        () => pick(['-12.5', '+1', '=1+1', '@x', '\tx', '-', '-.5', '007']),
      ])();
    const header = ['ID', 'Name, full', 'Note "quoted"', 'Amount', 'When'];
    const rows = Array.from({ length: 5000 }, () => header.map(() => value()));
    const oracle = stringify(rows, {
      header: true,
      columns: header.map((name, i) => ({ key: String(i), header: name })),
      record_delimiter: 'windows',
      quoted_match: /[\r\n]/,
      cast: { string: (v) => safeText(v), date: (v) => v.toISOString(), boolean: (v) => String(v) },
    });
    const ours = await csvText(new CsvFile('x.csv', header, rows));
    const a = ours.split('\r\n');
    const b = oracle.split('\r\n');
    for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) expect({ line: i, ours: a[i] }).toEqual({ line: i, ours: b[i] });
    expect(ours).toBe(oracle);
  });

  test('safeText leaves numbers alone and defuses formulas', () => {
    expect(safeText('-12.5')).toBe('-12.5');
    expect(safeText('=1+1')).toBe("'=1+1");
    expect(safeText('\tx')).toBe("'\tx");
  });
});

describe('sendCsv', () => {
  function appWith(rows: () => AsyncIterable<unknown[]>) {
    const app = express();
    app.get('/file', async (_req, res, next) => {
      try {
        await sendCsv(res, new CsvFile('report.csv', ['N'], rows()));
      } catch (err) {
        next(err);
      }
    });
    app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).json({ message: 'failed' });
    });
    return app;
  }

  test('streams the rows read batch by batch as an attachment', async () => {
    async function* rows() {
      for (let batch = 0; batch < 3; batch += 1) for (let i = 0; i < 1000; i += 1) yield [batch * 1000 + i];
    }
    const res = await request(appWith(rows)).get('/file');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="report.csv"');
    const lines = res.text.trim().split('\r\n');
    expect(lines).toHaveLength(3001);
    expect(lines[3000]).toBe('2999');
  });

  test('an error before the first line is an error answer, not a file', async () => {
    // eslint-disable-next-line require-yield -- fails before any row, as a failed first query would
    async function* rows(): AsyncGenerator<unknown[]> {
      throw new Error('database down');
    }
    const res = await request(appWith(rows)).get('/file');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'failed' });
  });

  test('an error in the middle cuts the download instead of ending a short file', async () => {
    async function* rows() {
      for (let i = 0; i < 20_000; i += 1) yield [`row ${i} ${'x'.repeat(50)}`];
      throw new Error('database down');
    }
    await expect(request(appWith(rows)).get('/file')).rejects.toThrow();
  });
});
