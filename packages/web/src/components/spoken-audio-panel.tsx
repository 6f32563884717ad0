import { useState, type FormEvent } from 'react';
import {
  FILE_EXTENSIONS,
  LIMITS,
  speechExcerpt,
  TEXT_TO_SPEECH_MESSAGES,
} from '@ai-tools/contracts';
import { estimateSynthesisSeconds } from '../lib/estimates.ts';
import { downloadUrl } from '../lib/file-download.ts';
import type { SpeechRequest, SpokenAudioState } from '../lib/spoken-audio-slice.ts';
import { SpeechPlayer, type SpeechPlayerActions } from './speech-player.tsx';
import { DownloadButton } from './download-button.tsx';
import { ErrorLine } from './error-line.tsx';
import {
  CaptionDownloads,
  DEFAULT_SPEECH_CHOICES,
  readingVoiceWarning,
  SpeechChoiceFields,
  SpeechStreamNote,
  SpokenLanguagesNote,
  type SpeechChoices,
} from './speech-controls.tsx';
import { WorkingIndicator } from './working-indicator.tsx';

interface SpokenAudioPanelProps {
  /** Prefixes the fields' ids. */
  id: string;
  title: string;
  /** The button that speaks the text, such as "Make voice-over". */
  actionLabel: string;
  /** What is to be read aloud; one request takes its first LIMITS.textToSpeechMaxCharacters. */
  text: string;
  /** Said under the title: what is read and what is left out. */
  description: string;
  /** Said after the description, such as that the text is a partial draft. */
  note?: string;
  /**
   * The text's language by its English name, when the page knows it (a story's): before the
   * visitor presses the button, the panel says when the natural voices do not speak it.
   */
  language?: string;
  /** The downloads' name without extension, such as "voice-over". */
  fileBaseName: string;
  state: SpokenAudioState;
  onGenerate: (request: SpeechRequest) => void;
  /** Remove audio: frees the finished file. */
  onClear: () => void;
  player: SpeechPlayerActions;
}

/**
 * Reads a writer's result aloud: the visitor picks a voice, a speed and a format, hears the speech
 * as it is made, then gets the player, the audio file and captions timed by the synthesis.
 */
export function SpokenAudioPanel({
  id,
  title,
  actionLabel,
  text,
  description,
  note,
  language,
  fileBaseName,
  state,
  onGenerate,
  onClear,
  player,
}: SpokenAudioPanelProps) {
  const [choices, setChoices] = useState<SpeechChoices>(DEFAULT_SPEECH_CHOICES);
  const {
    audioUrl,
    format,
    loading,
    error,
    madeSeconds,
    queue,
    estimatedRunSeconds,
    captions,
    livePlayback,
    heardSeconds,
  } = state;
  const headingId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const languagesId = `${id}-languages`;
  // What the visitor must know before making the audio: a partial draft, a language the natural
  // voices do not speak.
  const spoken = speechExcerpt(text, LIMITS.textToSpeechMaxCharacters);
  const describedBy = [
    note || !spoken ? descriptionId : undefined,
    readingVoiceWarning(language) ? languagesId : undefined,
  ].filter((described) => described !== undefined);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (spoken) onGenerate({ text: spoken, ...choices, captions: true });
  };

  return (
    <section className="card tool-form spoken-audio" aria-labelledby={headingId}>
      <h2 id={headingId} className="tool-result__title">
        {title}
      </h2>
      <p id={descriptionId} className="tool-hint">
        {description}
        {spoken.length < text.trim().length
          ? ` ${TEXT_TO_SPEECH_MESSAGES.excerpt(LIMITS.textToSpeechMaxCharacters)}`
          : ''}
        {note ? ` ${note}` : ''}
        {/* A disabled button alone would not say why (a script whose lines were all cleaned). */}
        {spoken ? '' : ` ${TEXT_TO_SPEECH_MESSAGES.nothingToRead}`}
      </p>
      {/* The same list as the text-to-speech page's: which languages can be read aloud. */}
      <SpokenLanguagesNote id={languagesId} language={language} />
      <form onSubmit={handleSubmit} noValidate>
        <SpeechChoiceFields id={id} choices={choices} onChange={setChoices} />
        <div className="tool-actions">
          <button
            type="submit"
            className="button button--primary"
            // While it speaks the button is only marked disabled, so it keeps the focus (issue 22).
            disabled={!spoken}
            aria-disabled={loading}
            onClick={(event) => {
              if (loading) event.preventDefault();
            }}
            aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          >
            {loading ? 'Speaking...' : actionLabel}
          </button>
          {/* While the audio is made, the player below has Stop. */}
          {audioUrl && !loading ? (
            <button type="button" className="button button--secondary" onClick={onClear}>
              Remove audio
            </button>
          ) : null}
        </div>
      </form>
      <WorkingIndicator
        running={loading}
        queue={queue}
        label="Making the audio"
        estimateSeconds={estimatedRunSeconds ?? estimateSynthesisSeconds(spoken.length)}
        finishedMessage={audioUrl && !error ? 'The audio is ready.' : undefined}
      />
      <SpeechStreamNote loading={loading} madeSeconds={madeSeconds} />
      {/* Only while there is one: the writer's own error line is the page's live region. */}
      {error ? <ErrorLine message={error} /> : null}
      <div className="spoken-audio__result">
        <SpeechPlayer
          audioUrl={audioUrl && format ? audioUrl : null}
          audioLabel={`${title} audio`}
          loading={loading}
          livePlayback={livePlayback}
          heardSeconds={heardSeconds}
          madeSeconds={madeSeconds}
          {...player}
        />
        {audioUrl && format ? (
          <div className="tool-result__actions">
            <DownloadButton
              onClick={() => downloadUrl(audioUrl, `${fileBaseName}.${FILE_EXTENSIONS[format]}`)}
            >
              Download audio
            </DownloadButton>
            <CaptionDownloads captions={captions} fileBaseName={fileBaseName} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
