/**
 * Speech through POST {base}/audio/speech. It asks for WAV, which OpenAI and the self-hosted
 * servers (speaches, LocalAI, Kokoro-FastAPI) all offer and which carries its own sample rate, and
 * hands the service mono 16-bit PCM to join and encode.
 */
import { type Voice, TEXT_TO_SPEECH_MESSAGES } from '@ai-tools/contracts';
import type { SpeechSynthesizer } from '../types.ts';
import {
  clientFor,
  endpointStatus,
  malformedReply,
  startCall,
  type ApiEndpoint,
} from './endpoint.ts';
import { parseWav } from '../../audio/wav.ts';
import { EmptyResultError } from '../../errors.ts';

/** OpenAI's limit on `input`; the service splits longer text at sentences. */
const OPENAI_SPEECH_MAX_CHARACTERS = 4096;

export function createOpenAiSpeechSynthesizer(
  endpoint: ApiEndpoint,
  voiceMap: Partial<Record<Voice, string>> = {},
): SpeechSynthesizer {
  const client = clientFor(endpoint);
  return {
    maxCharactersPerChunk: OPENAI_SPEECH_MAX_CHARACTERS,
    status: () => endpointStatus(endpoint),
    close: async () => {},
    async synthesize(request) {
      const call = startCall(endpoint, '/audio/speech', request.signal);
      let file: Buffer;
      try {
        const response = await client.audio.speech.create(
          {
            model: endpoint.model,
            input: request.text,
            voice: voiceMap[request.voice] ?? request.voice,
            speed: request.speed,
            response_format: 'wav',
          },
          { signal: call.signal, headers: { accept: 'audio/wav' } },
        );
        file = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        throw call.explain(error);
      }
      let audio;
      try {
        audio = parseWav(file);
      } catch {
        throw malformedReply(endpoint, 'audio');
      }
      if (audio.pcm.length === 0) {
        throw new EmptyResultError(TEXT_TO_SPEECH_MESSAGES.speechEmpty);
      }
      return audio;
    },
  };
}
