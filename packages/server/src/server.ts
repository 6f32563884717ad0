/**
 * Starts the server: listens on PORT and, on SIGINT or SIGTERM, drains requests in flight before
 * closing the engines and the database.
 */
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { removeLeftoverFolders } from './audio/temporary-folder.ts';
import { loadConfig, loadEnvironmentFile, type Config } from './config.ts';
import { ALLOCATOR_ENVIRONMENT, runsWithJemalloc } from './memory-allocator.ts';

/**
 * The queue of connections waiting to be accepted: as long as the kernel allows (it lowers this to
 * net.core.somaxconn, 4096 by default since Linux 5.4). Node's 511 overflowed when a crowd
 * reconnected all at once, and a visitor's connection dropped from a full queue waits for its
 * client to try again, 1, 3 and 7 s later (ADR 043).
 */
const LISTEN_BACKLOG = 65_535;

let config: Config;
let app: FastifyInstance;
try {
  loadEnvironmentFile();
  config = loadConfig();
  app = await buildApp({ config, logger: { level: config.LOG_LEVEL } });
  // Once per process, before any request: buildApp may run several times in one process (tests).
  const leftovers = await removeLeftoverFolders(config.TEMP_DIR);
  if (leftovers.length > 0) {
    app.log.info({ folders: leftovers.length }, 'removed request folders a stopped process left');
  }
  if (config.AI_PROVIDER === 'local' && config.AI_WORKERS === 'embedded' && !runsWithJemalloc()) {
    app.log.warn(
      ALLOCATOR_ENVIRONMENT,
      "the server runs with glibc's malloc: under load its memory peaks hundreds of MB higher. Start it with `npm start`, or set these variables (Debian package libjemalloc2; ADR 046)",
    );
  }
} catch (error) {
  // A wrong setting or an unreachable database: one clear line, not a stack trace.
  console.error(
    `The server cannot start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

closeWithGrace({ delay: config.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing: draining requests in flight');
  await app.close();
  app.log.info('closed: engines and database released');
});

try {
  await app.listen({ host: config.HOST, port: config.PORT, backlog: LISTEN_BACKLOG });
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
