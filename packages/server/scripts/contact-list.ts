/**
 * Prints the stored contact messages for an operator, newest first, from the database the server
 * uses (the same DATA_DIR or DATABASE_URL).
 *
 *   npm run contact:list                 the latest 50
 *   npm run contact:list -- --limit 10   the latest 10
 *   npm run contact:list -- --json       as JSON, for other tools
 */
import { parseArgs } from 'node:util';
import { loadConfig, loadEnvironmentFile } from '../src/config.ts';
import { listContactMessages } from '../src/features/contact/contact-messages.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations.ts';

const { values } = parseArgs({
  options: {
    limit: { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
  },
});
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1) {
  console.error('--limit must be a whole number of at least 1.');
  process.exit(2);
}

loadEnvironmentFile();
const database = openDatabase(loadConfig());
try {
  // A database the server has never used gets its tables, so the answer is "no messages".
  await migrateToLatest(database);
  const messages = await listContactMessages(database.db, limit);
  if (values.json) {
    console.log(JSON.stringify(messages, null, 2));
  } else if (messages.length === 0) {
    console.log(`No contact messages in ${database.location}.`);
  } else {
    console.log(`${messages.length} contact message(s) in ${database.location}, newest first:\n`);
    for (const message of messages) {
      console.log(`#${message.id}  ${message.created_at}  ${message.name} <${message.email}>`);
      console.log(`Subject: ${message.subject}`);
      console.log('');
      console.log(message.message);
      console.log(`\n${'-'.repeat(72)}\n`);
    }
  }
} finally {
  await database.db.destroy();
}
