/**
 * Opens the database once at start-up, brings it to the latest migration, and closes it last when
 * the server closes.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export async function registerDatabase(app: FastifyInstance, config: Config) {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.db.destroy();
    throw error;
  }
  app.log.info({ database: database.kind, location: database.location }, 'database ready');
  app.decorate('database', database);
  app.addHook('onClose', async () => database.db.destroy());
}
