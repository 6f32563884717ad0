/**
 * Deletes stored contact messages for an operator: once a request is answered, when a visitor asks
 * for their data to be removed (privacy policy, section 8), or as a retention clean-up. Uses the
 * same DATA_DIR or DATABASE_URL as the server.
 *
 *   npm run contact:delete -- --id 12 --id 13         these messages
 *   npm run contact:delete -- --email ada@example.com  everything from one address
 *   npm run contact:delete -- --older-than 30          everything received over 30 days ago
 *
 * Options combine: every one given must hold. With none, nothing is deleted.
 */
import { parseArgs } from 'node:util';
import { contactMessageSchema } from '@ai-tools/contracts';
import { loadConfig, loadEnvironmentFile } from '../src/config.ts';
import {
  deleteContactMessages,
  type ContactMessageSelection,
} from '../src/features/contact/contact-messages.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations.ts';

const USAGE =
  'Say which messages to delete: --id N (repeatable), --email ADDRESS and/or --older-than DAYS.';
const DAY_MS = 24 * 60 * 60 * 1000;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      id: { type: 'string', multiple: true },
      email: { type: 'string' },
      'older-than': { type: 'string' },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

const selection: ContactMessageSelection = {};
if (values.id) {
  const ids = values.id.map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id < 1)) fail('--id must be a message number.');
  selection.ids = ids;
}
if (values.email !== undefined) {
  // The rule every stored address passed when it was sent.
  if (!contactMessageSchema.shape.email.safeParse(values.email).success) {
    fail('--email must be an e-mail address.');
  }
  selection.email = values.email;
}
if (values['older-than'] !== undefined) {
  const days = Number(values['older-than']);
  if (!Number.isFinite(days) || days < 0) fail('--older-than must be a number of days.');
  selection.receivedBefore = new Date(Date.now() - days * DAY_MS);
}
if (Object.keys(selection).length === 0) fail(USAGE);

loadEnvironmentFile();
const database = openDatabase(loadConfig());
try {
  await migrateToLatest(database);
  const deleted = await deleteContactMessages(database.db, selection);
  console.log(`Deleted ${deleted} contact message(s) from ${database.location}.`);
} finally {
  await database.db.destroy();
}
