// @database none: no database is touched here, so the MariaDB pass skips this file (tests/support/with-mariadb.ts).
import express from 'express';
import request from 'supertest';
import { CsvFile, csvText, safeText, sendCsv } from '../../api/common/csv';

/** The one CSV writer (csv-stringify) every export uses, and its streaming answer. */

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
