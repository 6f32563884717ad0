/**
 * Chooses one engine per capability, once, at start-up, from the configuration:
 * - AI_PROVIDER=openai-compatible sends the work to an API (OpenAI or a self-hosted server);
 * - AI_PROVIDER=local runs the engines on this machine, each on the best tier it has: neural where
 *   the downloaded models are present, else classic (speech, transcription) or none (text).
 */
import { SERVER_MESSAGES, type Capability } from '@ai-tools/contracts';
import type { Config } from '../config.ts';
import { createLocalSpeechSynthesizer } from './local/speech/index.ts';
import { createLocalTextGenerator } from './local/text/index.ts';
import { createLocalTranscriber } from './local/transcription/index.ts';
import { createOpenAiCompatibleProviders } from './openai-compatible/index.ts';
import type { Providers } from './types.ts';
import { unavailableEngine } from './unavailable.ts';
import { createWorkerQueueProviders } from './worker-queue/index.ts';

export interface ProviderOptions {
  /** Where to report an engine that was found but would not load (the app's logger). */
  onLoadError?: (error: unknown, detail: string) => void;
  /**
   * The capabilities whose engines this process runs (a worker's WORKER_CAPABILITIES); the others
   * are not loaded. Unset: all.
   */
  capabilities?: readonly Capability[];
  /**
   * Runs the engines here even when AI_WORKERS=remote: the worker process, which is where the
   * remote work runs.
   */
  runEnginesHere?: boolean;
}

export async function createProviders(
  config: Config,
  options: ProviderOptions = {},
): Promise<Providers> {
  if (config.AI_WORKERS === 'remote' && !options.runEnginesHere) {
    return createWorkerQueueProviders(config);
  }
  if (config.AI_PROVIDER === 'openai-compatible') return createOpenAiCompatibleProviders(config);

  const onLoadError = options.onLoadError ?? (() => {});
  const serves = (capability: Capability) => options.capabilities?.includes(capability) ?? true;
  const notServed = (capability: Capability) =>
    unavailableEngine(SERVER_MESSAGES.noWorker(capability));
  const [text, speech, transcription] = await Promise.all([
    !serves('text')
      ? notServed('text')
      : createLocalTextGenerator({
          modelsDir: config.MODELS_DIR,
          textModel: config.TEXT_MODEL,
          maxWaiting: config.TEXT_QUEUE_MAX_WAITING,
          threads: config.TEXT_THREADS,
          parallel: config.TEXT_PARALLEL,
          seed: config.TEXT_SEED,
          onLoadError: (error, modelPath) =>
            onLoadError(error, `Text model ${modelPath} did not load`),
        }),
    !serves('speech')
      ? notServed('speech')
      : createLocalSpeechSynthesizer({
          modelsDir: config.MODELS_DIR,
          temporaryDirectory: config.TEMP_DIR,
          onLoadError,
          maxWaiting: config.SPEECH_QUEUE_MAX_WAITING,
        }),
    !serves('transcription')
      ? notServed('transcription')
      : createLocalTranscriber({
          modelsDir: config.MODELS_DIR,
          temporaryDirectory: config.TEMP_DIR,
          whisperModel: config.WHISPER_MODEL,
          onLoadError,
          maxWaiting: config.TRANSCRIPTION_QUEUE_MAX_WAITING,
        }),
  ]);
  return { text, speech, transcription };
}

export async function closeProviders(providers: Providers): Promise<void> {
  await Promise.allSettled([
    providers.text.close(),
    providers.speech.close(),
    providers.transcription.close(),
  ]);
}
