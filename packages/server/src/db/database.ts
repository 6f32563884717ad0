/**
 * The one query layer for stored data: Kysely over an SQLite file under DATA_DIR by default, or
 * PostgreSQL when DATABASE_URL is set (see docs/decisions/004-contact-storage.md).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Generated } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** ISO 8601 in UTC, written by the server, so both databases sort it the same way. */
  created_at: string;
}

export interface DatabaseSchema {
  contact_messages: ContactMessagesTable;
}

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DatabaseSchema>;
  /** Where the data lives, without any password, for start-up logs and the operator's script. */
  location: string;
}

export const SQLITE_FILE_NAME = 'contact-messages.sqlite';

export function openDatabase(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>): Database {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 5 });
    // An idle client's error (the server restarted) must not crash the process; the next query
    // gets a fresh connection.
    pool.on('error', () => {});
    return {
      kind: 'postgres',
      db: new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) }),
      location: withoutPassword(config.DATABASE_URL),
    };
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const path = join(config.DATA_DIR, SQLITE_FILE_NAME);
  const sqlite = new SqliteDatabase(path);
  // WAL lets the operator's script read while the server writes; FULL makes every commit durable
  // before the visitor is told the message was sent.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  return {
    kind: 'sqlite',
    db: new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) }),
    location: path,
  };
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'PostgreSQL';
  }
}
