/**
 * A server killed mid-request cannot remove the visitor's audio from TEMP_DIR; the next start
 * does (the privacy text's promise), and leaves alone the folders of a server that still runs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PATHS } from '@ai-tools/contracts';
import { removeLeftoverFolders } from '../src/audio/temporary-folder.ts';
import { startServerProcess } from './helpers/server-process.ts';

function folderWithFile(root: string, name: string) {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, 'upload'), 'a visitor’s audio');
}

test('start-up removes the request folders of processes that no longer run, and only those', async (context) => {
  const root = mkdtempSync(join(tmpdir(), 'leftover-'));
  context.after(() => rmSync(root, { recursive: true, force: true }));
  const ended = spawnSync('true').pid;
  const running = spawn('sleep', ['600']);
  context.after(() => running.kill());
  folderWithFile(root, `request-${ended}-aaaaaa`);
  folderWithFile(root, `request-${running.pid}-bbbbbb`);
  // This process's own pid at start-up: a predecessor that had the same pid.
  folderWithFile(root, `request-${process.pid}-cccccc`);
  // The name an older version gave, without a pid.
  folderWithFile(root, 'request-dddddd');
  folderWithFile(root, 'not-a-request');

  const removed = await removeLeftoverFolders(root);
  assert.deepEqual(
    removed.sort(),
    [`request-${ended}-aaaaaa`, `request-${process.pid}-cccccc`, 'request-dddddd'].sort(),
  );
  assert.deepEqual(
    readdirSync(root).sort(),
    ['not-a-request', `request-${running.pid}-bbbbbb`].sort(),
  );
  assert.deepEqual(await removeLeftoverFolders(join(root, 'no-such-folder')), []);
});

test(
  'kill -9 during an upload leaves nothing in TEMP_DIR once the server is back',
  { timeout: 10 * 60_000 },
  async (context) => {
    const scratch = mkdtempSync(join(tmpdir(), 'leftover-server-'));
    context.after(() => rmSync(scratch, { recursive: true, force: true }));
    // No models: the classic engines start at once, and this test transcribes nothing.
    const environment = { MODELS_DIR: join(scratch, 'no-models') };
    const temporaryRoot = join(scratch, 'temp');
    const first = await startServerProcess(scratch, environment);
    context.after(() => first.child.kill('SIGKILL'));

    // An upload that has sent part of its file and then waits, as a slow visitor's does.
    const boundary = 'leftover-boundary';
    const socket = connect(first.port, '127.0.0.1');
    context.after(() => socket.destroy());
    socket.on('error', () => {});
    const head = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="speech.wav"',
      'Content-Type: audio/wav',
      '',
      '',
    ].join('\r\n');
    socket.write(
      [
        `POST ${API_PATHS.speechToText} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        'Content-Length: 5000000',
        '',
        '',
      ].join('\r\n') + head,
    );
    socket.write(Buffer.alloc(256 * 1024, 1));

    const uploadOnDisk = () =>
      existsSync(temporaryRoot) &&
      readdirSync(temporaryRoot).some((name) => {
        const path = join(temporaryRoot, name, 'upload');
        return existsSync(path) && statSync(path).size > 0;
      });
    while (!uploadOnDisk()) await sleep(20);

    first.child.kill('SIGKILL');
    assert.equal(await first.exited, null, 'killed, with no chance to clean up');
    assert.ok(uploadOnDisk(), 'the killed server left the upload behind');

    const second = await startServerProcess(scratch, environment);
    context.after(() => second.child.kill('SIGKILL'));
    assert.deepEqual(readdirSync(temporaryRoot), []);
    assert.match(second.output(), /removed request folders a stopped process left/);
  },
);
