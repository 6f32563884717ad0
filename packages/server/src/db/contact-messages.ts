/** Stored contact messages: the repository the contact service and the operator's script use. */
import type { Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, DatabaseSchema } from './database.ts';

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
