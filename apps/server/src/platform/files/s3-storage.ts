import { pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkStorageKey, type DownloadResponse, type FileStorage, type StoredObject } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Unset: AWS S3 in `region`. Set for MinIO, Ceph, Scaleway and other S3-compatible stores. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `host/bucket/key` instead of `bucket.host/key` (MinIO and most self-hosted stores need it). */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installations. */
  prefix: string;
  /** Lifetime of a presigned download link; 0 = downloads always go through the server. */
  presignSeconds: number;
  /** Only files at least this large are redirected to a presigned link. */
  presignMinBytes: number;
  /** Keys per listing request (at most 1000, the store's own limit). */
  listPageSize?: number;
  /** Connections to the store at most (default 200). */
  connections?: number;
  /** A connection idle this long is ended (default 60 s). */
  idleMs?: number;
}

/** Our SHA-256 of the content, kept as user metadata (x-amz-meta-sha256) when the writer knew it. */
const SHA_META = 'sha256';
/** Multipart part size: what one upload holds in memory at most per part in flight. */
const PART_SIZE = 5 * 1024 * 1024;

function isNotFound(err: unknown): boolean {
  if (err instanceof S3ServiceException)
    return err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound';
  return false;
}

/** Counts the bytes that pass (a streamed upload learns its size only at the end). */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/** Files in an S3-compatible bucket (decision 052). Uploads stream in parts; downloads stream. */
export class S3Storage implements FileStorage {
  readonly client: S3Client;
  private readonly prefix: string;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where an operation needs one: not every S3-compatible store knows the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A download stream nobody reads to the end (a client gone quiet, a caller's early error) would hold
      // its connection for good; once every connection is held, every file call waits. So a connection idle
      // for a minute is ended, and there are more of them than the SDK's default 50.
      requestHandler: {
        socketTimeout: options.idleMs ?? 60_000,
        connectionTimeout: 10_000,
        httpAgent: { maxSockets: options.connections ?? 200 },
        httpsAgent: { maxSockets: options.connections ?? 200 },
      },
    });
    const p = options.prefix.replace(/^\/+|\/+$/g, '');
    this.prefix = p ? `${p}/` : '';
  }

  private objectKey(key: string): string {
    return this.prefix + checkStorageKey(key);
  }

  async put(key: string, content: Readable, options: { sha256?: string } = {}): Promise<number> {
    const params = {
      Bucket: this.options.bucket,
      Key: this.objectKey(key),
      Metadata: options.sha256 ? { [SHA_META]: options.sha256 } : undefined,
    };
    // Most files are smaller than one part: read up to a part, and if the stream ends there, one PutObject.
    const source = content[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
    const head: Buffer[] = [];
    let size = 0;
    for (;;) {
      if (size >= PART_SIZE) break;
      const next = await source.next();
      if (next.done) {
        const body = Buffer.concat(head);
        await this.client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
        return body.length;
      }
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      head.push(chunk);
      size += chunk.length;
    }
    // A larger one goes up in parts as it arrives, counting its size on the way.
    const counter = byteCounter();
    const rest = Readable.from(
      (async function* () {
        yield* head;
        for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
      })(),
    );
    // An error on either side ends both (the upload then fails with it).
    pipeline(rest, counter, () => {});
    const upload = new Upload({
      client: this.client,
      params: { ...params, Body: counter },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      counter.destroy();
      await source.return?.();
      throw err;
    }
    return counter.bytes;
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      const body = (res.Body as Readable | undefined) ?? null;
      // Ended for idleness while nobody listens (see requestHandler): no uncaught error for that.
      body?.on('error', () => {});
      return body;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
    );
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return { size: res.ContentLength ?? 0, sha256: res.Metadata?.[SHA_META] ?? null };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async *list(): AsyncIterable<string> {
    // ListObjects (v1) paged by Marker, the last key seen: every S3-compatible store knows it, and the v2
    // listing's continuation tokens of s3rver (the tests' store) need a cipher that OpenSSL 3 dropped.
    let after: string | undefined;
    for (;;) {
      const res = await this.client.send(
        new ListObjectsCommand({
          Bucket: this.options.bucket,
          Prefix: this.prefix || undefined,
          Marker: after,
          MaxKeys: this.options.listPageSize,
        }),
      );
      const keys = (res.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k));
      for (const k of keys) yield k.slice(this.prefix.length);
      if (!res.IsTruncated || keys.length === 0) return;
      after = keys.at(-1);
    }
  }

  async downloadUrl(key: string, response: DownloadResponse, sizeHint?: number): Promise<string | null> {
    const { presignSeconds, presignMinBytes } = this.options;
    if (presignSeconds <= 0) return null;
    if (sizeHint !== undefined && sizeHint < presignMinBytes) return null;
    // A missing file must still answer as the route says (404 or x-imagestatus), not as the store's error.
    const found = await this.stat(key);
    if (!found || found.size < presignMinBytes) return null;
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        ResponseContentType: response.mimeType,
        ResponseContentDisposition: response.disposition,
        ResponseCacheControl: 'private, no-store',
      }),
      { expiresIn: presignSeconds },
    );
  }

  close(): void {
    this.client.destroy();
  }
}
