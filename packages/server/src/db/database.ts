/**
 * The one query layer for stored data: Kysely over an SQLite file under DATA_DIR by default, or
 * PostgreSQL when DATABASE_URL is set (see docs/decisions/004-contact-storage.md).
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
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
  /** The client's Idempotency-Key, unique: a retried message is stored once. */
  idempotency_key: string | null;
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
const PRIVATE_FOLDER_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

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
  // Names, addresses and messages: readable by the server's user only. SQLite gives its WAL and
  // shared-memory files the database file's own mode.
  mkdirSync(config.DATA_DIR, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(config.DATA_DIR, PRIVATE_FOLDER_MODE);
  const path = join(config.DATA_DIR, SQLITE_FILE_NAME);
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
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
