/**
 * SIGTERM drains requests in flight, then closes the engines and the database, and the process
 * exits 0. The server runs as a real child process, started as `npm start` starts it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { API_PATHS, CONTACT_MESSAGES } from '@ai-tools/contracts';
import { REPOSITORY_ROOT } from '../src/config.ts';
import { SQLITE_FILE_NAME } from '../src/db/database.ts';

const SERVER_ENTRY = resolve(REPOSITORY_ROOT, 'packages/server/src/server.ts');

test('SIGTERM lets a request in flight finish, then the process exits 0', async (context) => {
  const scratch = mkdtempSync(join(tmpdir(), 'lifecycle-'));
  context.after(() => rmSync(scratch, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: join(scratch, 'data'),
      TEMP_DIR: join(scratch, 'temp'),
      WEB_DIST_DIR: join(scratch, 'no-website'),
      REDIS_URL: '',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  context.after(() => child.kill('SIGKILL'));
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`exited early with ${code}:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));

  // A contact message whose body arrives slowly: half now, the rest after SIGTERM.
  const body = JSON.stringify({
    name: 'Grace',
    email: 'grace@example.com',
    subject: 'Shutdown',
    message: 'This message was in flight during SIGTERM.',
  });
  const answer = new Promise<{ status: number; body: string }>((resolveAnswer, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: API_PATHS.sendMessage,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 20));
    setTimeout(() => {
      child.kill('SIGTERM');
      setTimeout(() => request.end(body.slice(20)), 700);
    }, 300);
  });

  const response = await answer;
  assert.equal(response.status, 200, response.body);
  assert.deepEqual(JSON.parse(response.body), { success: true, message: CONTACT_MESSAGES.sent });
  assert.equal(await exited, 0, output);
  assert.match(output, /draining requests in flight/);
  assert.match(output, /closed: engines and database released/);

  const stored = new SqliteDatabase(join(scratch, 'data', SQLITE_FILE_NAME), { readonly: true });
  const row = stored.prepare('SELECT subject FROM contact_messages').get() as { subject: string };
  stored.close();
  assert.equal(row.subject, 'Shutdown');
});
