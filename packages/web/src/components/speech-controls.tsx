/**
 * What the text-to-speech page and the writers' Voice-over and Listen panels share: the voice,
 * speed and format choices, the note on a speech that streams in, and the captions' downloads.
 */
import {
  OUTPUT_FORMATS,
  SPEEDS,
  TEXT_TO_SPEECH_DEFAULTS,
  VOICE_DESCRIPTIONS,
  VOICES,
  voiceName,
  readingVoice,
  type CaptionCue,
  type OutputFormat,
  type Voice,
  TEXT_TO_SPEECH_MESSAGES,
} from '@ai-tools/contracts';
import { formatSeconds } from '../lib/estimates.ts';
import { downloadText } from '../lib/file-download.ts';
import { isOneOf } from '../lib/use-kept-state.ts';
import { toSrt, toVtt } from '../lib/subtitles.ts';
import { DownloadButton } from './download-button.tsx';
import { SelectField } from './select-field.tsx';

export interface SpeechChoices {
  voice: Voice;
  speed: number;
  outputFormat: OutputFormat;
}

export const DEFAULT_SPEECH_CHOICES: SpeechChoices = { ...TEXT_TO_SPEECH_DEFAULTS };

/** Whether kept choices (useKeptState) still name a voice, a speed and a format the site offers. */
export function isSpeechChoices(value: unknown): value is SpeechChoices {
  if (typeof value !== 'object' || value === null) return false;
  const choices = value as Record<string, unknown>;
  return (
    isOneOf(VOICES)(choices.voice) &&
    isOneOf(SPEEDS)(choices.speed) &&
    isOneOf(OUTPUT_FORMATS)(choices.outputFormat)
  );
}

/** The Voice, Speed and Output Format selects; `id` prefixes their ids. */
export function SpeechChoiceFields({
  id,
  choices,
  onChange,
}: {
  id: string;
  choices: SpeechChoices;
  onChange: (choices: SpeechChoices) => void;
}) {
  return (
    <div className="tool-fields tool-fields--three">
      <SelectField
        id={`${id}-voice`}
        label="Voice"
        value={choices.voice}
        options={VOICES}
        onChange={(voice) => onChange({ ...choices, voice })}
        // The name alone: a description inside the option is cut off by the closed select.
        formatOption={voiceName}
        hint={VOICE_DESCRIPTIONS[choices.voice]}
      />
      <SelectField
        id={`${id}-speed`}
        label="Speed"
        value={choices.speed}
        options={SPEEDS}
        onChange={(speed) => onChange({ ...choices, speed })}
        formatOption={(value) => `${value}x`}
      />
      <SelectField
        id={`${id}-format`}
        label="Output Format"
        value={choices.outputFormat}
        options={OUTPUT_FORMATS}
        onChange={(outputFormat) => onChange({ ...choices, outputFormat })}
        formatOption={(value) => value.toUpperCase()}
      />
    </div>
  );
}

/**
 * What a writer's read-aloud panel says before the list of languages, for the language of its
 * text (its English name): that only the basic voice reads it, or that no voice does. Nothing for
 * a language the natural voices speak, or when the page does not know the text's language.
 */
export function readingVoiceWarning(language: string | undefined): string | undefined {
  if (language === undefined) return undefined;
  const voice = readingVoice(language);
  if (voice === 'basic') return TEXT_TO_SPEECH_MESSAGES.readByBasicVoiceOnly(language);
  if (voice === 'none') return TEXT_TO_SPEECH_MESSAGES.cannotBeReadAloud(language);
  return undefined;
}

/**
 * The languages the voices speak; text in another is refused by the server. Given the language of
 * the text to be read, it first says when the natural voices do not speak it, so the visitor
 * knows before pressing the button.
 */
export function SpokenLanguagesNote({ id, language }: { id?: string; language?: string }) {
  const warning = readingVoiceWarning(language);
  return (
    <p id={id} className="tool-hint" data-testid="spoken-languages">
      {warning ? `${warning} ` : ''}
      {TEXT_TO_SPEECH_MESSAGES.spokenLanguages}
    </p>
  );
}

/**
 * While speech is made: how much of it plays already. Its place in line before that is the
 * WorkingIndicator's (one message for each state, issue 22).
 */
export function SpeechStreamNote({
  loading,
  madeSeconds,
}: {
  loading: boolean;
  madeSeconds: number;
}) {
  return (
    <p className="tool-hint" aria-live="polite" data-testid="speech-stream-note">
      {loading && madeSeconds > 0
        ? TEXT_TO_SPEECH_MESSAGES.playingWhileMade(formatSeconds(madeSeconds))
        : ''}
    </p>
  );
}

/** Captions (SRT) and Captions (WebVTT), named after the audio; nothing without captions. */
export function CaptionDownloads({
  captions,
  fileBaseName,
}: {
  captions: readonly CaptionCue[];
  fileBaseName: string;
}) {
  if (captions.length === 0) return null;
  return (
    <>
      <DownloadButton onClick={() => downloadText(toSrt(captions), `${fileBaseName}.srt`)}>
        Captions (SRT)
      </DownloadButton>
      <DownloadButton
        onClick={() => downloadText(toVtt(captions), `${fileBaseName}.vtt`, 'text/vtt')}
      >
        Captions (WebVTT)
      </DownloadButton>
    </>
  );
}
