import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The plumbing the fake learning systems share (tests/support/fake-lms/): a server on a random port of
 * 127.0.0.1 whose routes are `METHOD /path/:param` patterns, JSON and form bodies read, every request
 * recorded for the tests to look at.
 */

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  params: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeRoute = [method: string, pattern: string, handle: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>];

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${source}$`), names };
}

export async function startFakeServer(routes: FakeRoute[], guard?: (req: FakeRequest) => FakeAnswer | null): Promise<FakeServer> {
  const compiled = routes.map(([method, pattern, handle]) => ({ method, ...compile(pattern), handle }));
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake.invalid');
        const raw = Buffer.concat(chunks).toString('utf8');
        const type = req.headers['content-type'] ?? '';
        let body: unknown = raw || null;
        if (raw && type.includes('json')) body = JSON.parse(raw);
        else if (raw && type.includes('x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(raw));
        const fake: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, params: {} };
        requests.push(fake);
        let answer: FakeAnswer = { status: 404, body: { message: `No route ${fake.method} ${fake.path}` } };
        for (const r of compiled) {
          if (r.method !== fake.method) continue;
          const m = r.regex.exec(fake.path);
          if (!m) continue;
          fake.params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
          try {
            answer = guard?.(fake) ?? (await r.handle(fake));
          } catch (err) {
            answer = { status: 500, body: { message: err instanceof Error ? err.message : String(err) } };
          }
          break;
        }
        const status = answer.status ?? 200;
        const headers: Record<string, string> = { ...(answer.headers ?? {}) };
        let text = '';
        if (answer.body !== undefined && answer.body !== null) {
          headers['content-type'] ??= 'application/json; charset=utf-8';
          text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        }
        res.writeHead(status, headers);
        res.end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The bearer token of a request, if any. */
export const bearerOf = (req: FakeRequest) => /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? null;
