/**
 * `npm run worker`: an AI worker process (ADR 056). It loads the engines of WORKER_CAPABILITIES
 * and serves the jobs that the web processes (AI_WORKERS=remote) put on the shared queues in the
 * Redis of REDIS_URL. On SIGINT or SIGTERM it finishes the jobs it runs, then exits.
 */
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { loadConfig, loadEnvironmentFile } from './config.ts';
import { closeProviders, createProviders } from './providers/index.ts';
import { startAiWorker } from './providers/worker-queue/serve.ts';

loadEnvironmentFile();
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
if (!config.REDIS_URL) {
  console.error('The worker cannot start: set REDIS_URL to the Redis the web processes use.');
  process.exit(1);
}
const capabilities = config.WORKER_CAPABILITIES;
const providers = await createProviders(config, {
  capabilities,
  runEnginesHere: true,
  onLoadError: (error, detail) => log.error({ err: error }, detail),
});
const worker = await startAiWorker({
  redisUrl: config.REDIS_URL,
  capabilities,
  providers,
  concurrency: { text: config.TEXT_PARALLEL },
  onError: (error, detail) => log.warn({ err: error }, `worker: ${detail}`),
});
log.info(
  {
    worker: worker.id,
    engines: Object.fromEntries(capabilities.map((name) => [name, providers[name].status()])),
  },
  `AI worker ready: ${capabilities.join(', ')}`,
);

closeWithGrace({ delay: config.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'closing after an error');
  else log.info({ signal }, 'closing: finishing the jobs in hand');
  await worker.close();
  await closeProviders(providers);
  log.info('closed');
});
