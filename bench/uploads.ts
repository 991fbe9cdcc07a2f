/**
 * `npm run bench:uploads`: memory of a 20 MB upload (issue 20 "Performance": memory does not grow by
 * the file's size). The API runs in a child process (SQLite in a temporary folder, local storage
 * there too, or STORAGE=s3 with the S3_* settings from the environment); this process sends POST
 * /files with a multipart body it writes chunk by chunk (64 KB, never the whole file), while the child
 * samples its own RSS every 5 ms. A small upload first loads multer and file-type, so the baseline is
 * the warmed-up server's. Two passes: "as run" (RSS also counts the 64 KB chunks already written to
 * storage and not yet collected: V8 frees Buffers at its own pace, so this grows with the bytes that
 * went by, not with what is held) and "retained" (a full collection every 20 ms: what the request
 * keeps alive). Target: retained growth under a quarter of the file's size.
 *
 * Environment: BENCH_UPLOAD_MB (default 20). Results: printed as JSON (the lead records the figures
 * from a quiet machine in docs/benchmarks.md).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../api/app';
import { createDeps } from '../api/bootstrap';
import { createLogger } from '../api/common/logger';
import { loadConfig } from '../api/config';
import { makeAdmin } from '../tests/support/factories';

const MB = Number(process.env.BENCH_UPLOAD_MB ?? 20);

type ToChild = { type: 'sample-start'; gc: boolean } | { type: 'sample-stop' } | { type: 'exit' };
type FromChild = { type: 'ready'; port: number; token: string } | { type: 'samples'; baseline: number; peak: number; count: number };

async function server(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hci-bench-uploads-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`,
    SEED_DEMO: 'false',
    STORAGE_DIR: path.join(dir, 'files'),
    LOG_LEVEL: 'warn',
  });
  const deps = await createDeps(config, createLogger(config.LOG_LEVEL));
  const admin = await makeAdmin(deps);
  const app = createApp(deps);
  const listener = app.listen(0, '127.0.0.1', () => {
    process.send!({ type: 'ready', port: (listener.address() as AddressInfo).port, token: admin.token } satisfies FromChild);
  });
  let timer: NodeJS.Timeout | null = null;
  let baseline = 0;
  let peak = 0;
  let count = 0;
  process.on('message', async (message: ToChild) => {
    if (message.type === 'sample-start') {
      const collect = message.gc;
      global.gc?.();
      baseline = process.memoryUsage().rss;
      peak = baseline;
      count = 0;
      timer = setInterval(() => {
        // Retained memory: a full collection every 20 ms, so what is left is what the request holds.
        if (collect && count % 4 === 0) global.gc?.();
        peak = Math.max(peak, process.memoryUsage().rss);
        count += 1;
      }, 5);
    } else if (message.type === 'sample-stop') {
      if (timer) clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      process.send!({ type: 'samples', baseline, peak, count } satisfies FromChild);
    } else if (message.type === 'exit') {
      listener.close();
      await deps.sequelize.close();
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }
  });
}

/** POST /files with `bytes` of a PDF written in 64 KB chunks; answers the status and body. */
function upload(port: number, token: string, bytes: number): Promise<{ status: number; body: string; ms: number }> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="object"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const pdfHeader = Buffer.from('%PDF-1.4\n');
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/files',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': head.length + bytes + tail.length },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    let left = bytes - pdfHeader.length;
    req.write(head);
    req.write(pdfHeader);
    const pump = () => {
      while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

function next(child: ChildProcess, type: FromChild['type']): Promise<FromChild> {
  return new Promise((resolve) => {
    const on = (m: FromChild) => {
      if (m.type !== type) return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
  });
}

async function main(): Promise<void> {
  const child = fork(__filename, ['--server'], { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: 'inherit' });
  const ready = (await next(child, 'ready')) as Extract<FromChild, { type: 'ready' }>;
  const warm = await upload(ready.port, ready.token, 256 * 1024);
  if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${warm.body}`);
  const bytes = MB * 1024 * 1024;
  /** One upload of the whole size, the child sampling its RSS (with or without forced collections). */
  const measured = async (gc: boolean) => {
    child.send({ type: 'sample-start', gc } satisfies ToChild);
    await new Promise((r) => setTimeout(r, 50));
    const big = await upload(ready.port, ready.token, bytes);
    child.send({ type: 'sample-stop' } satisfies ToChild);
    const samples = (await next(child, 'samples')) as Extract<FromChild, { type: 'samples' }>;
    if (big.status !== 201) throw new Error(`upload: ${big.status} ${big.body}`);
    const mb = (n: number) => Number((n / 2 ** 20).toFixed(1));
    return {
      seconds: Number((big.ms / 1000).toFixed(2)),
      rssBaselineMb: mb(samples.baseline),
      rssPeakMb: mb(samples.peak),
      rssGrowthMb: mb(samples.peak - samples.baseline),
      growth: samples.peak - samples.baseline,
    };
  };
  // As it runs: RSS also holds the chunks already written and not yet collected (V8 frees Buffers at its own pace).
  const asRun = await measured(false);
  // Retained: what the request keeps alive while the file streams through.
  const retained = await measured(true);
  child.send({ type: 'exit' } satisfies ToChild);
  const result = {
    fileMb: MB,
    asRun: { seconds: asRun.seconds, rssBaselineMb: asRun.rssBaselineMb, rssPeakMb: asRun.rssPeakMb, rssGrowthMb: asRun.rssGrowthMb },
    retained: { seconds: retained.seconds, rssBaselineMb: retained.rssBaselineMb, rssPeakMb: retained.rssPeakMb, rssGrowthMb: retained.rssGrowthMb },
    target: `retained growth < ${MB / 4} MB (a quarter of the file); as-run growth is garbage awaiting collection, not held`,
    pass: retained.growth < bytes / 4,
  };
  console.log(JSON.stringify(result, null, 2));
  process.exitCode = result.pass ? 0 : 1;
}

if (process.argv.includes('--server')) {
  server().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
