/**
 * Versioned migrations, defined in code so they ship with the server and run at start-up. Each
 * name sorts after the one before; a released migration never changes, a new one is added.
 */
import { inspect } from 'node:util';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, DatabaseKind } from './database.ts';

function migrationsFor(kind: DatabaseKind): Record<string, Migration> {
  return {
    '001-contact-messages': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('contact_messages')
          // SQLite's INTEGER PRIMARY KEY numbers rows by itself; PostgreSQL needs a serial.
          .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (column) =>
            column.primaryKey(),
          )
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('email', 'text', (column) => column.notNull())
          .addColumn('subject', 'text', (column) => column.notNull())
          .addColumn('message', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .execute();
        await db.schema
          .createIndex('contact_messages_created_at')
          .on('contact_messages')
          .column('created_at')
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('contact_messages').execute();
      },
    },
    '002-contact-idempotency-key': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('contact_messages')
          .addColumn('idempotency_key', 'text')
          .execute();
        // Both databases let any number of rows without a key share the unique index.
        await db.schema
          .createIndex('contact_messages_idempotency_key')
          .on('contact_messages')
          .column('idempotency_key')
          .unique()
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('contact_messages_idempotency_key').execute();
        await db.schema.alterTable('contact_messages').dropColumn('idempotency_key').execute();
      },
    },
  };
}

export async function migrateToLatest(database: Database): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () => migrationsFor(database.kind),
  };
  const migrator = new Migrator({ db: database.db, provider });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    throw new Error(
      `Could not migrate the database at ${database.location}: ${error instanceof Error ? error.message : inspect(error)}`,
      { cause: error },
    );
  }
}
