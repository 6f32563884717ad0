/**
 * The providers of a web process whose AI work runs on worker processes (AI_WORKERS=remote,
 * ADR 056): each capability's engine is a line on a shared BullMQ queue, and the workers' answers
 * arrive on this process's Relay topic.
 */
import { Relay } from 'bullmq';
import { Redis } from 'ioredis';
import type { Capability, ToolLink } from '@ai-tools/contracts';
import type { Config } from '../../config.ts';
import type { Providers } from '../types.ts';
import { WorkerLine } from './line.ts';
import {
  LEASE_MS,
  QUEUE_PREFIX,
  reconnectDelay,
  RELAY_NAMESPACE,
  webTopics,
  type JobMessage,
} from './protocol.ts';
import { WorkerRegistry } from './registry.ts';
import { WorkerSpeechSynthesizer } from './speech.ts';
import { WorkerTextGenerator } from './text.ts';
import { WorkerTranscriber } from './transcription.ts';

export async function createWorkerQueueProviders(config: Config): Promise<Providers> {
  const redisUrl = config.REDIS_URL!;
  const relay = new Relay({
    connection: { url: redisUrl, maxRetriesPerRequest: null, retryStrategy: reconnectDelay },
    prefix: QUEUE_PREFIX,
    namespace: RELAY_NAMESPACE,
    name: 'web',
    leaseDuration: LEASE_MS,
  });
  // The relay reconnects by itself; a request meanwhile gets the lines' 503.
  relay.on('error', () => {});
  const registry = new WorkerRegistry(relay);
  // A request while Redis is away is refused at once (503), not held until it returns.
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: reconnectDelay,
  });
  redis.on('error', () => {});
  const line = (
    capability: Capability,
    maxWaiting: number,
    expectedSecondsPerUnit: number,
    tool?: ToolLink,
  ) =>
    new WorkerLine({
      tool,
      capability,
      redisUrl,
      redis,
      relay,
      registry,
      maxWaiting,
      expectedSecondsPerUnit,
    });
  const lines = {
    // The embedded engines' first guesses of their speed (seconds per second of speech, per
    // second of audio, per token), until this process has seen jobs finish.
    speech: line('speech', config.SPEECH_QUEUE_MAX_WAITING, 0.5, 'text-to-speech'),
    transcription: line(
      'transcription',
      config.TRANSCRIPTION_QUEUE_MAX_WAITING,
      0.35,
      'speech-to-text',
    ),
    text: line('text', config.TEXT_QUEUE_MAX_WAITING, 0.1),
  };
  const deliveries = Object.values(lines);
  await relay.subscribe<JobMessage>(webTopics(relay.nodeId), (message) => {
    const jobId = message.topic.split('.').at(-1)!;
    for (const workerLine of deliveries) workerLine.deliver(jobId, message.data);
  });
  await registry.refresh();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      registry.close();
      await Promise.allSettled(deliveries.map((workerLine) => workerLine.close()));
      await relay.close();
      redis.disconnect();
    })());
  const closeOnce = async () => {
    await close();
  };
  return {
    text: Object.assign(new WorkerTextGenerator(lines.text, registry), { close: closeOnce }),
    speech: Object.assign(new WorkerSpeechSynthesizer(lines.speech, registry, redis), {
      close: closeOnce,
    }),
    transcription: Object.assign(new WorkerTranscriber(lines.transcription, registry), {
      close: closeOnce,
    }),
  };
}
