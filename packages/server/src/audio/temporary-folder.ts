/**
 * Uploaded and generated audio live only in memory or in one temporary folder per request, which
 * is removed when the work ends: after success, failure or an abort alike. A process that dies
 * mid-request (kill -9, a crash, a power cut) cannot remove its folders, so the next start does.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** `request-<pid>-XXXXXX`: the pid tells a later start whether the folder's process still runs. */
const REQUEST_FOLDER = /^request-(?:(\d+)-)?/;

export async function withTemporaryFolder<T>(
  temporaryRoot: string,
  work: (folder: string) => Promise<T>,
): Promise<T> {
  const folder = await makeTemporaryFolder(temporaryRoot);
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A request's folder that outlives the request (a long recording's job, whose upload waits for
 * its turn): the caller removes it, and a start after a crash does, as any request folder.
 */
export async function makeTemporaryFolder(temporaryRoot: string): Promise<string> {
  await mkdir(temporaryRoot, { recursive: true, mode: 0o700 });
  return mkdtemp(join(temporaryRoot, `request-${process.pid}-`));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * At start-up: removes the request folders that a process which no longer runs left behind, as
 * the privacy text promises that a visitor's audio does not outlive its request. A folder of this
 * process's own pid is a predecessor's (a restarted container often gets the same pid); folders
 * of another running server sharing TEMP_DIR stay. Returns the names removed.
 */
export async function removeLeftoverFolders(temporaryRoot: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(temporaryRoot);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = REQUEST_FOLDER.exec(name);
    if (!match) continue;
    const owner = match[1] === undefined ? undefined : Number(match[1]);
    if (owner !== undefined && owner !== process.pid && isRunning(owner)) continue;
    await rm(join(temporaryRoot, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
