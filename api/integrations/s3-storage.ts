import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable, Transform } from 'node:stream';
import { assertKey, type Storage } from './storage';

/** What the S3 adapter needs (api/config.ts: STORAGE=s3 and the S3_* settings). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible store's address (MinIO, Ceph, a local test server); unset = AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most S3-compatible stores want it). */
  forcePathStyle?: boolean;
}

/** The part size of a multipart upload: S3's minimum, so at most one or two parts are held in memory. */
const PART_SIZE = 5 * 1024 * 1024;

const isMissing = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** `attachment; filename="..."; filename*=UTF-8''...` for a download name (quotes and non-ASCII made safe). */
export function contentDisposition(downloadName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = downloadName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`;
}

/**
 * Storage in an S3 bucket (AWS or any S3-compatible store) on the AWS SDK v3. Writes stream through a
 * multipart upload (lib-storage `Upload`: parts of 5 MB, one at a time, never the whole file in
 * memory); an object becomes visible only when its upload completes, so a reader never sees half of
 * it. Downloads go to the browser through presigned GET addresses naming the download file.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    const config: S3ClientConfig = { region: settings.region, forcePathStyle: settings.forcePathStyle ?? false };
    if (settings.endpoint) {
      config.endpoint = settings.endpoint;
      // S3-compatible stores do not all know the SDK's newer default checksums (aws-chunked trailers).
      config.requestChecksumCalculation = 'WHEN_REQUIRED';
      config.responseChecksumValidation = 'WHEN_REQUIRED';
    }
    if (settings.accessKeyId && settings.secretAccessKey) {
      config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
    }
    this.client = new S3Client(config);
  }

  async put(key: string, body: Readable, options: { contentType?: string } = {}): Promise<{ size: number }> {
    assertKey(key);
    let size = 0;
    const counted = body.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      }),
    );
    body.once('error', (err) => counted.destroy(err));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: counted, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
    return { size };
  }

  async get(key: string): Promise<Readable | null> {
    assertKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return out.Body instanceof Readable ? out.Body : Readable.from(out.Body as AsyncIterable<Uint8Array>);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: Number(out.ContentLength ?? 0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async signedUrl(key: string, options: { expiresInSeconds: number; downloadName?: string; contentType?: string }): Promise<string | null> {
    assertKey(key);
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentDisposition: options.downloadName ? contentDisposition(options.downloadName) : undefined,
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }
}
