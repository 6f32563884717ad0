/**
 * SIGTERM drains requests in flight, then closes the engines and the database, and the process
 * exits 0. The server runs as a real child process, started as `npm start` starts it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { API_PATHS, CONTACT_MESSAGES } from '@ai-tools/contracts';
import { SQLITE_FILE_NAME } from '../src/db/database.ts';
import { startServerProcess } from './helpers/server-process.ts';

// The server loads the real engines before it listens, which takes long on a busy machine: the
// test waits for each step it needs, and its time limit only guards against a hang.
test(
  'SIGTERM lets a request in flight finish, then the process exits 0',
  { timeout: 10 * 60_000 },
  async (context) => {
    const scratch = mkdtempSync(join(tmpdir(), 'lifecycle-'));
    context.after(() => rmSync(scratch, { recursive: true, force: true }));
    const server = await startServerProcess(scratch);
    const { child, logged, exited } = server;
    context.after(() => child.kill('SIGKILL'));
    const port = server.port;

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
    const code = await exited;
    const output = server.output();
    assert.equal(code, 0, output);
    assert.match(output, /draining requests in flight/);
    assert.match(output, /closed: engines and database released/);

    const stored = new SqliteDatabase(join(scratch, 'data', SQLITE_FILE_NAME), { readonly: true });
    const row = stored.prepare('SELECT subject FROM contact_messages').get() as { subject: string };
    stored.close();
    assert.equal(row.subject, 'Shutdown');
  },
);
