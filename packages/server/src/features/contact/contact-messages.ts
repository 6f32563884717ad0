/** Stored contact messages: the repository the contact service and the operator's script use. */
import type { Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, DatabaseSchema } from '../../db/database.ts';

export type StoredContactMessage = Selectable<ContactMessagesTable>;

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export async function insertContactMessage(
  db: Kysely<DatabaseSchema>,
  message: NewContactMessage,
  receivedAt = new Date(),
): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({ ...message, created_at: receivedAt.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Stores the message under the client's Idempotency-Key and returns its number; when the key is
 * already stored (a retry), stores nothing and returns undefined.
 */
export async function insertContactMessageOnce(
  db: Kysely<DatabaseSchema>,
  message: NewContactMessage,
  idempotencyKey: string,
  receivedAt = new Date(),
): Promise<number | undefined> {
  const row = await db
    .insertInto('contact_messages')
    .values({ ...message, created_at: receivedAt.toISOString(), idempotency_key: idempotencyKey })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The message stored under an Idempotency-Key, if any. */
export async function findContactMessageByIdempotencyKey(
  db: Kysely<DatabaseSchema>,
  idempotencyKey: string,
): Promise<NewContactMessage | undefined> {
  return db
    .selectFrom('contact_messages')
    .select(['name', 'email', 'subject', 'message'])
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** Newest first. */
export async function listContactMessages(
  db: Kysely<DatabaseSchema>,
  limit: number,
): Promise<StoredContactMessage[]> {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Which stored messages an operator deletes; every given condition must hold. */
export interface ContactMessageSelection {
  ids?: readonly number[];
  /** A visitor's address, matched without regard to case: "delete what I sent you". */
  email?: string;
  /** Messages received before this moment: the retention clean-up. */
  receivedBefore?: Date;
}

/** Deletes the selected messages and returns how many went. An empty selection deletes nothing. */
export async function deleteContactMessages(
  db: Kysely<DatabaseSchema>,
  selection: ContactMessageSelection,
): Promise<number> {
  const { ids, email, receivedBefore } = selection;
  if (ids === undefined && email === undefined && receivedBefore === undefined) return 0;
  if (ids !== undefined && ids.length === 0) return 0;
  let query = db.deleteFrom('contact_messages');
  if (ids !== undefined) query = query.where('id', 'in', ids);
  if (email !== undefined) {
    query = query.where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()));
  }
  // ISO 8601 texts in UTC sort as the moments they name.
  if (receivedBefore !== undefined) {
    query = query.where('created_at', '<', receivedBefore.toISOString());
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
