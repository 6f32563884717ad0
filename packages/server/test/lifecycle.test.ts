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

// The server loads the real engines before it listens, which takes long on a busy machine: the
// test waits for each step it needs, and its time limit only guards against a hang.
test(
  'SIGTERM lets a request in flight finish, then the process exits 0',
  { timeout: 10 * 60_000 },
  async (context) => {
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
    const checks: (() => void)[] = [];
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      for (const check of checks) check();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
    /** Resolves with the first match of `pattern` in the server's output; rejects if it exits first. */
    const logged = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolveMatch, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) resolveMatch(match);
        };
        checks.push(check);
        check();
        void exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
    const [, port] = await logged(/listening at http:\/\/127\.0\.0\.1:(\d+)/);

    // A contact message in flight: the server has read its headers (it answered 100 Continue), and
    // its body is sent only once the server has begun to drain after SIGTERM.
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
          port: Number(port),
          method: 'POST',
          path: API_PATHS.sendMessage,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.once('continue', () => {
        child.kill('SIGTERM');
        logged(/draining requests in flight/).then(() => request.end(body), reject);
      });
      request.flushHeaders();
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
  },
);
