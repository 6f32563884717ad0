/**
 * Contact messages: validated with the contracts' messages, durably stored before success in SQLite
 * (default) and PostgreSQL (DATABASE_URL), the honeypot, the e-mail copy over a real local SMTP
 * server (and its failure), and `npm run contact:list`.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  API_PATHS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  SERVER_MESSAGES,
  contactResponseSchema,
} from '@ai-tools/contracts';
import { REPOSITORY_ROOT } from '../src/config.ts';
import {
  insertContactMessage,
  listContactMessages,
} from '../src/features/contact/contact-messages.ts';
import { SQLITE_FILE_NAME } from '../src/db/database.ts';
import { testProviders } from './helpers/audio-doubles.ts';
import { capturedLogger, makeApp } from './helpers/app.ts';
import { testDatabaseUrl } from './helpers/test-services.ts';

const run = promisify(execFile);

const valid = {
  name: '  Ada Lovelace ',
  email: 'ada@example.com',
  subject: 'A question about the tools',
  message: 'Hello, could the story writer support poems as well?',
};

let nextAddress = 1;
function send(app: FastifyInstance, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: API_PATHS.sendMessage,
    payload: payload as object,
    remoteAddress: `10.2.0.${nextAddress++}`,
  });
}

async function contactScript(script: string, env: Record<string, string>, args: string[] = []) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', resolve(REPOSITORY_ROOT, `packages/server/scripts/${script}.ts`), ...args],
    { env: { ...process.env, ...env }, cwd: REPOSITORY_ROOT },
  );
  return stdout;
}

describe('validation with the documented messages', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await makeApp({ providers: testProviders() });
  });
  after(() => app.close());

  const cases: [string, object, string][] = [
    ['missing name', { ...valid, name: undefined }, CONTACT_MESSAGES.nameRequired],
    ['blank name', { ...valid, name: '   ' }, CONTACT_MESSAGES.nameRequired],
    ['missing email', { ...valid, email: undefined }, CONTACT_MESSAGES.emailRequired],
    ['invalid email', { ...valid, email: 'ada-at-example' }, CONTACT_MESSAGES.emailInvalid],
    ['missing subject', { ...valid, subject: '' }, CONTACT_MESSAGES.subjectRequired],
    ['missing message', { ...valid, message: undefined }, CONTACT_MESSAGES.messageRequired],
    ['short message', { ...valid, message: 'Too short' }, CONTACT_MESSAGES.messageTooShort],
    ['name of the wrong type', { ...valid, name: 42 }, CONTACT_MESSAGES.nameRequired],
  ];
  for (const [name, payload, message] of cases) {
    test(name, async () => {
      const response = await send(app, payload);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { message });
    });
  }
});

/** The same checks against both databases. */
function storageTests(
  name: string,
  setup: () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }>,
) {
  describe(`storage in ${name}`, () => {
    let app: FastifyInstance;
    let env: Record<string, string>;
    let cleanup: () => Promise<void>;
    before(async () => {
      ({ env, cleanup } = await setup());
      app = await makeApp({ env, providers: testProviders() });
    });
    after(async () => {
      await app.close();
      await cleanup();
    });

    test('a valid message is stored, trimmed, and then answered with success', async () => {
      const response = await send(app, valid);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(contactResponseSchema.parse(response.json()), {
        success: true,
        message: CONTACT_MESSAGES.sent,
      });
      const [stored] = await listContactMessages(app.database.db, 1);
      assert.equal(stored?.name, 'Ada Lovelace');
      assert.equal(stored?.email, valid.email);
      assert.equal(stored?.subject, valid.subject);
      assert.equal(stored?.message, valid.message);
      assert.ok(Date.now() - Date.parse(stored?.created_at ?? '') < 60_000);
    });

    test('a filled honeypot gets the same success and stores nothing', async () => {
      const before = (await listContactMessages(app.database.db, 1000)).length;
      const response = await send(app, {
        ...valid,
        message: 'Buy cheap followers now at our site!',
        [CONTACT_HONEYPOT_FIELD]: 'https://spam.example',
      });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { success: true, message: CONTACT_MESSAGES.sent });
      const after = await listContactMessages(app.database.db, 1000);
      assert.equal(after.length, before);
      assert.ok(after.every((row) => !row.message.includes('cheap followers')));
    });

    test('npm run contact:list prints the stored messages, newest first', async () => {
      await send(app, {
        ...valid,
        subject: 'Second subject',
        message: 'The newer of the two messages.',
      });
      const output = await contactScript('contact-list', env);
      const newer = output.indexOf('Second subject');
      const older = output.indexOf(valid.subject);
      assert.ok(newer >= 0 && older >= 0, output);
      assert.ok(newer < older, 'newest first');
      assert.match(output, /Ada Lovelace <ada@example\.com>/);
      assert.match(output, /The newer of the two messages\./);
    });

    test('npm run contact:delete removes by age, by address and by number', async () => {
      const db = app.database.db;
      const day = 24 * 60 * 60 * 1000;
      const old = await insertContactMessage(
        db,
        { ...valid, email: 'old@example.com' },
        new Date(Date.now() - 40 * day),
      );
      const grace = await insertContactMessage(db, { ...valid, email: 'Grace@Example.com' });
      const keep = await insertContactMessage(db, { ...valid, email: 'keep@example.com' });
      const ids = async () => (await listContactMessages(db, 1000)).map((row) => row.id);

      assert.match(
        await contactScript('contact-delete', env, ['--older-than', '30']),
        /Deleted 1 /,
      );
      assert.ok(!(await ids()).includes(old), 'the 40-day-old message is gone');
      assert.ok((await ids()).includes(grace), 'recent messages stay');

      await contactScript('contact-delete', env, ['--email', 'grace@example.COM']);
      assert.ok(!(await ids()).includes(grace), 'matched without regard to case');

      await contactScript('contact-delete', env, ['--id', String(keep)]);
      assert.ok(!(await ids()).includes(keep));

      // Without a selection nothing goes, and the operator is told what to give.
      const before = (await ids()).length;
      await assert.rejects(
        contactScript('contact-delete', env),
        (error: { code?: number; stderr?: string }) => {
          assert.equal(error.code, 2);
          assert.match(String(error.stderr), /--older-than/);
          return true;
        },
      );
      assert.equal((await ids()).length, before);
    });

    test('a retry with the same Idempotency-Key is stored once and answered the same', async () => {
      const key = `retry-${name.length}-${Date.now()}`;
      const retried = {
        ...valid,
        message: `A message sent again after its answer was lost ${key}`,
      };
      const countStored = async () =>
        (await listContactMessages(app.database.db, 1000)).filter(
          (row) => row.message === retried.message,
        ).length;
      const sendWithKey = (idempotencyKey: string) =>
        app.inject({
          method: 'POST',
          url: API_PATHS.sendMessage,
          payload: retried,
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          remoteAddress: `10.2.1.${nextAddress++}`,
        });
      const first = await sendWithKey(key);
      // Twice more at once, as a client retrying while its first retry is still in flight.
      const retries = await Promise.all([sendWithKey(key), sendWithKey(key)]);
      for (const response of [first, ...retries]) {
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json(), { success: true, message: CONTACT_MESSAGES.sent });
      }
      assert.equal(await countStored(), 1);
      // Another key is another message; no key at all never deduplicates.
      assert.equal((await sendWithKey(`${key}-other`)).statusCode, 200);
      assert.equal((await send(app, retried)).statusCode, 200);
      assert.equal((await send(app, retried)).statusCode, 200);
      assert.equal(await countStored(), 4);
    });

    test('a used Idempotency-Key with a different message is a 409 that says why, not a silent success', async () => {
      const key = `reused-${name.length}-${Date.now()}`;
      const original = { ...valid, message: `The first message under its key ${key}` };
      const sendWithKey = (payload: typeof valid) =>
        app.inject({
          method: 'POST',
          url: API_PATHS.sendMessage,
          payload,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
          remoteAddress: `10.2.1.${nextAddress++}`,
        });
      assert.equal((await sendWithKey(original)).statusCode, 200);
      for (const changed of [
        { ...original, message: `${original.message}, edited` },
        { ...original, subject: 'Another subject' },
        { ...original, email: 'someone.else@example.com' },
      ]) {
        const response = await sendWithKey(changed);
        assert.equal(response.statusCode, 409, response.body);
        assert.deepEqual(response.json(), { message: CONTACT_MESSAGES.idempotencyKeyReused });
      }
      const stored = (await listContactMessages(app.database.db, 1000)).filter((row) =>
        row.message.startsWith(original.message),
      );
      assert.deepEqual(
        stored.map((row) => row.message),
        [original.message],
      );
      // The same message again is still the retry it was.
      assert.equal((await sendWithKey(original)).statusCode, 200);
    });

    test('an Idempotency-Key that is not visible text gets a 400 and stores nothing', async () => {
      const before = (await listContactMessages(app.database.db, 1000)).length;
      for (const key of ['', 'a b', 'x'.repeat(201), 'clé']) {
        const response = await app.inject({
          method: 'POST',
          url: API_PATHS.sendMessage,
          payload: valid,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
          remoteAddress: `10.2.1.${nextAddress++}`,
        });
        assert.equal(response.statusCode, 400, JSON.stringify(key));
        assert.deepEqual(response.json(), { message: CONTACT_MESSAGES.idempotencyKeyInvalid });
      }
      assert.equal((await listContactMessages(app.database.db, 1000)).length, before);
    });

    test('a message that cannot be stored is never answered as sent', async () => {
      const db = app.database.db;
      // The table goes away under the running server, as a broken database would.
      await sql`ALTER TABLE contact_messages RENAME TO contact_messages_away`.execute(db);
      try {
        const response = await send(app, valid);
        assert.equal(response.statusCode, 500);
        assert.deepEqual(response.json(), { message: SERVER_MESSAGES.internal });
      } finally {
        await sql`ALTER TABLE contact_messages_away RENAME TO contact_messages`.execute(db);
      }
      assert.equal((await send(app, valid)).statusCode, 200, 'stored again once it is back');
    });
  });
}

storageTests('SQLite (the default)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'contact-sqlite-'));
  return {
    env: { DATA_DIR: dataDir },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});

storageTests('PostgreSQL (DATABASE_URL)', async () => {
  const databaseUrl = await testDatabaseUrl();
  // A schema of its own per run, so reruns stay clean beside other data in a TEST_DATABASE_URL.
  const schema = `contact_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const schemaUrl = new URL(databaseUrl);
  schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: schemaUrl.href },
    cleanup: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
});

test('SQLite: DATA_DIR and the database file are readable by the server user only', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'contact-private-'));
  // A folder made open by someone else is closed at start-up.
  chmodSync(dataDir, 0o755);
  const app = await makeApp({ env: { DATA_DIR: dataDir }, providers: testProviders() });
  try {
    assert.equal((await send(app, valid)).statusCode, 200);
    assert.equal(statSync(dataDir).mode & 0o777, 0o700);
    for (const file of readdirSync(dataDir)) {
      assert.equal(statSync(join(dataDir, file)).mode & 0o077, 0, `${file} is private`);
    }
    assert.equal(statSync(join(dataDir, SQLITE_FILE_NAME)).mode & 0o777, 0o600);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('SQLite: the message is on disk when the answer arrives', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'contact-durable-'));
  const app = await makeApp({ env: { DATA_DIR: dataDir }, providers: testProviders() });
  const response = await send(app, valid);
  assert.equal(response.statusCode, 200);
  // A second, independent connection to the file sees the committed row.
  const reader = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  const row = reader.prepare('SELECT name, message FROM contact_messages').get() as {
    name: string;
    message: string;
  };
  reader.close();
  assert.deepEqual(row, { name: 'Ada Lovelace', message: valid.message });
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('e-mail forwarding with SMTP_URL', () => {
  interface ReceivedMail {
    from: string;
    to: string[];
    data: string;
  }
  const received: ReceivedMail[] = [];
  let rejectMail = false;
  const dataDirs: string[] = [];
  let smtp: SMTPServer;
  let port: number;

  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (rejectMail) {
            const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
            callback(error);
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as { port: number }).port;
  });
  after(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  function mailApp(smtpUrl: string, logLines: string[] = []) {
    const dataDir = mkdtempSync(join(tmpdir(), 'contact-mail-'));
    dataDirs.push(dataDir);
    return makeApp({
      env: {
        DATA_DIR: dataDir,
        SMTP_URL: smtpUrl,
        CONTACT_MAIL_TO: 'team@example.com',
        CONTACT_MAIL_FROM: 'website@example.com',
      },
      providers: testProviders(),
      logger: capturedLogger(logLines),
    });
  }

  test('the stored message is also sent to CONTACT_MAIL_TO, with a reply-to of the visitor', async () => {
    const app = await mailApp(`smtp://127.0.0.1:${port}`);
    const response = await send(app, valid);
    assert.equal(response.statusCode, 200, response.body);
    const mail = received.at(-1);
    assert.ok(mail, 'a mail arrived');
    assert.equal(mail.from, 'website@example.com');
    assert.deepEqual(mail.to, ['team@example.com']);
    assert.match(mail.data, /Reply-To: "?Ada Lovelace"? <ada@example\.com>/);
    assert.match(mail.data, /Subject: Contact form: A question about the tools/);
    assert.match(mail.data, /could the story writer support poems as well\?/);
    assert.equal((await listContactMessages(app.database.db, 10)).length, 1);
    await app.close();
  });

  test('a refused mail is logged, the message stays stored, and the visitor gets success', async () => {
    rejectMail = true;
    const logLines: string[] = [];
    const app = await mailApp(`smtp://127.0.0.1:${port}`, logLines);
    const response = await send(app, valid);
    rejectMail = false;
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { success: true, message: CONTACT_MESSAGES.sent });
    assert.equal((await listContactMessages(app.database.db, 10)).length, 1);
    const logs = logLines.join('');
    assert.match(logs, /forwarding it by e-mail failed/);
    assert.ok(!logs.includes('poems'), 'no message content in the log');
    await app.close();
  });

  test('an unreachable mail server does not fail the request either', async () => {
    const app = await mailApp('smtp://127.0.0.1:1');
    const response = await send(app, valid);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal((await listContactMessages(app.database.db, 10)).length, 1);
    await app.close();
  });
});
