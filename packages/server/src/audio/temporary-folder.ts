/**
 * Uploaded and generated audio live only in memory or in one temporary folder per request, which
 * is removed when the work ends: after success, failure or an abort alike.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';

export async function withTemporaryFolder<T>(
  temporaryRoot: string,
  work: (folder: string) => Promise<T>,
): Promise<T> {
  await mkdir(temporaryRoot, { recursive: true, mode: 0o700 });
  const folder = await mkdtemp(join(temporaryRoot, 'request-'));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
