import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks every request's signature against them. */
export const S3RVER_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free loopback port over a temporary directory, with one bucket. */
export async function startLocalS3(bucket = 'im-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'im-test-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The configuration that points a server at a local S3 (path style: no bucket subdomains on 127.0.0.1). */
export function localS3Config(s3: { endpoint: string; bucket: string }, prefix = ''): Record<string, string> {
  return {
    FILE_STORAGE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: prefix,
    ...S3RVER_CREDENTIALS,
  };
}
