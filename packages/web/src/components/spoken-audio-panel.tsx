import { useState, type FormEvent } from 'react';
import {
  FILE_EXTENSIONS,
  LIMITS,
  OUTPUT_FORMATS,
  READ_ALOUD_MESSAGES,
  SPEECH_STREAM_MESSAGES,
  SPEEDS,
  TEXT_TO_SPEECH_DEFAULTS,
  VOICE_DESCRIPTIONS,
  VOICES,
  speechExcerpt,
  type OutputFormat,
  type Voice,
} from '@ai-tools/contracts';
import { estimateSpeechSeconds, formatSeconds, queuedText } from '../lib/estimates.ts';
import { downloadText, downloadUrl } from '../lib/file-download.ts';
import type { SpeechRequest, SpokenAudioState } from '../lib/spoken-audio-slice.ts';
import { toSrt, toVtt } from '../lib/subtitles.ts';
import { DownloadButton } from './download-button.tsx';
import { ErrorLine } from './error-line.tsx';
import { SelectField } from './select-field.tsx';
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
  /** The downloads' name without extension, such as "voice-over". */
  fileBaseName: string;
  state: SpokenAudioState;
  onGenerate: (request: SpeechRequest) => void;
  onClear: () => void;
  /** The visitor plays the finished file: the speech that played as it was made stops. */
  onPlayFile: () => void;
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
  fileBaseName,
  state,
  onGenerate,
  onClear,
  onPlayFile,
}: SpokenAudioPanelProps) {
  const [voice, setVoice] = useState<Voice>(TEXT_TO_SPEECH_DEFAULTS.voice);
  const [speed, setSpeed] = useState<number>(TEXT_TO_SPEECH_DEFAULTS.speed);
  const [outputFormat, setOutputFormat] = useState<OutputFormat>(
    TEXT_TO_SPEECH_DEFAULTS.outputFormat,
  );
  const { audioUrl, format, loading, error, madeSeconds, queue, captions } = state;
  const headingId = `${id}-title`;
  const spoken = speechExcerpt(text, LIMITS.textToSpeechMaxCharacters);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (spoken) onGenerate({ text: spoken, voice, speed, outputFormat, captions: true });
  };

  return (
    <section className="card tool-form spoken-audio" aria-labelledby={headingId}>
      <h2 id={headingId} className="tool-result__title">
        {title}
      </h2>
      <p className="tool-hint">
        {description}
        {spoken.length < text.trim().length
          ? ` ${READ_ALOUD_MESSAGES.excerpt(LIMITS.textToSpeechMaxCharacters)}`
          : ''}
      </p>
      <form onSubmit={handleSubmit} noValidate>
        <div className="tool-fields tool-fields--three">
          <SelectField
            id={`${id}-voice`}
            label="Voice"
            value={voice}
            options={VOICES}
            onChange={setVoice}
            formatOption={(value) => `${value}: ${VOICE_DESCRIPTIONS[value]}`}
          />
          <SelectField
            id={`${id}-speed`}
            label="Speed"
            value={speed}
            options={SPEEDS}
            onChange={setSpeed}
            formatOption={(value) => `${value}x`}
          />
          <SelectField
            id={`${id}-format`}
            label="Output Format"
            value={outputFormat}
            options={OUTPUT_FORMATS}
            onChange={setOutputFormat}
            formatOption={(value) => value.toUpperCase()}
          />
        </div>
        <div className="tool-actions">
          <button type="submit" className="button button--primary" disabled={loading || !spoken}>
            {loading ? 'Speaking...' : actionLabel}
          </button>
          {audioUrl || loading ? (
            <button type="button" className="button button--secondary" onClick={onClear}>
              {loading ? 'Stop' : 'Remove audio'}
            </button>
          ) : null}
        </div>
      </form>
      <WorkingIndicator
        running={loading}
        label="Making the audio"
        estimateSeconds={estimateSpeechSeconds(spoken.length)}
        finishedMessage={audioUrl && !error ? 'The audio is ready.' : undefined}
      />
      <p className="tool-hint" aria-live="polite">
        {loading && queue
          ? queuedText(queue)
          : loading && madeSeconds > 0
            ? SPEECH_STREAM_MESSAGES.playingWhileMade(formatSeconds(madeSeconds))
            : ''}
      </p>
      {/* Only while there is one: the writer's own error line is the page's live region. */}
      {error ? <ErrorLine message={error} /> : null}
      {audioUrl && format ? (
        <div className="spoken-audio__result">
          <audio controls src={audioUrl} aria-label={`${title} audio`} onPlay={onPlayFile} />
          <div className="tool-result__actions">
            <DownloadButton
              onClick={() => downloadUrl(audioUrl, `${fileBaseName}.${FILE_EXTENSIONS[format]}`)}
            >
              Download audio
            </DownloadButton>
            {captions.length > 0 ? (
              <>
                <DownloadButton
                  onClick={() => downloadText(toSrt(captions), `${fileBaseName}.srt`)}
                >
                  Captions (SRT)
                </DownloadButton>
                <DownloadButton
                  onClick={() => downloadText(toVtt(captions), `${fileBaseName}.vtt`, 'text/vtt')}
                >
                  Captions (WebVTT)
                </DownloadButton>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
