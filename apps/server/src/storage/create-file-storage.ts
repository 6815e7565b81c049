import path from 'node:path';
import { ConfigError, type Config } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';

/** The S3 settings; all four must be set for S3 to be used. */
const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/**
 * The configured storage: S3 when S3_ENDPOINT, S3_BUCKET and both keys are set, otherwise the
 * folder DATA_DIR/uploads. Setting only some of the S3 variables is a mistake worth stopping
 * for: several instances writing to their own disks would lose each other's files.
 */
export function createFileStorage(config: Config): FileStorage {
  const missing = S3_VARIABLES.filter((name) => !config[name]);
  if (missing.length === S3_VARIABLES.length) {
    return new LocalFileStorage(path.join(config.dataDir, 'uploads'));
  }
  if (missing.length > 0) {
    throw new ConfigError(`S3 storage needs ${missing.join(', ')} to be set as well`);
  }
  return new S3FileStorage({
    endpoint: config.S3_ENDPOINT ?? '',
    bucket: config.S3_BUCKET ?? '',
    accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
  });
}
