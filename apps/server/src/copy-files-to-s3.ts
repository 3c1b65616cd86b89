import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Config, loadConfig } from './platform/config';
import { copyStorage } from './platform/files/copy-storage';
import { createFileStorage } from './platform/files/create-storage';
import { LocalDiskStorage } from './platform/files/storage';

/**
 * `npm run files:copy-to-s3 -w @im/server`: copies the disk store (DATA_DIR/files) to the bucket that the
 * S3_* variables name, verifying each file by SHA-256; run it again to resume (decision 052). Set
 * FILE_STORAGE=s3 when it reports no failure.
 */
export async function copyFilesToS3(config: Config, print: (line: string) => void): Promise<boolean> {
  if (!config.S3_BUCKET) {
    print('S3_BUCKET is not set: name the bucket (and S3_ENDPOINT, S3_REGION, keys) to copy to.');
    return false;
  }
  const from = path.join(config.DATA_DIR, 'files');
  const source = new LocalDiskStorage(from);
  const target = createFileStorage({ ...config, FILE_STORAGE: 's3' });
  print(`Copying ${from} to s3://${config.S3_BUCKET}/${config.S3_PREFIX}`);
  try {
    const result = await copyStorage(source, target, print);
    for (const f of result.failed) print(`FAILED ${f.key}: ${f.reason}`);
    print(`${result.copied} copied, ${result.skipped} already there, ${result.failed.length} failed`);
    return result.failed.length === 0;
  } finally {
    target.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  copyFilesToS3(loadConfig(), (line) => process.stdout.write(`${line}\n`)).then(
    (ok) => process.exit(ok ? 0 : 1),
    (err: Error) => {
      process.stderr.write(`${err.stack ?? err.message}\n`);
      process.exit(1);
    },
  );
}
