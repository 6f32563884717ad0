/**
 * One adapter family for OpenAI and every server that speaks its API (vLLM, llama.cpp server,
 * Ollama, LocalAI, speaches): a base URL, an API key and a model per capability.
 */
import { VOICES, type Voice } from '@ai-tools/contracts';
import type { Config } from '../../config.ts';
import type { Providers } from '../types.ts';
import { endpointFor } from './endpoint.ts';
import { createOpenAiSpeechSynthesizer } from './speech.ts';
import { createOpenAiTextGenerator } from './text.ts';
import { createOpenAiTranscriber } from './transcription.ts';

export function createOpenAiCompatibleProviders(config: Config): Providers {
  return {
    text: createOpenAiTextGenerator(endpointFor(config, 'text'), {
      sendGrammar: config.OPENAI_TEXT_GRAMMAR === 'gbnf',
    }),
    speech: createOpenAiSpeechSynthesizer(
      endpointFor(config, 'speech'),
      parseVoiceMap(config.OPENAI_SPEECH_VOICE_MAP),
    ),
    transcription: createOpenAiTranscriber(endpointFor(config, 'transcription')),
  };
}

/** `alloy=af_heart,echo=am_michael` -> { alloy: 'af_heart', echo: 'am_michael' }. */
export function parseVoiceMap(setting: string | undefined): Partial<Record<Voice, string>> {
  const map: Partial<Record<Voice, string>> = {};
  if (!setting) return map;
  for (const entry of setting.split(',')) {
    if (entry.trim() === '') continue;
    const [voice, serverVoice] = entry.split('=').map((part) => part.trim());
    if (!voice || !serverVoice || !(VOICES as readonly string[]).includes(voice)) {
      throw new Error(
        `OPENAI_SPEECH_VOICE_MAP entry "${entry.trim()}" must look like alloy=af_heart, with one of: ${VOICES.join(', ')}.`,
      );
    }
    map[voice as Voice] = serverVoice;
  }
  return map;
}
