import type { FormEvent } from 'react';
import {
  DOWNLOADS,
  FILE_EXTENSIONS,
  LIMITS,
  TIMINGS,
  TOOL_CAPABILITY,
  type OutputFormat,
  TEXT_TO_SPEECH_MESSAGES,
  TEXT_TO_SPEECH_TOOL,
} from '@ai-tools/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { PageHead } from '../../components/page-head.tsx';
import { ResultPanel } from '../../components/result-panel.tsx';
import { DownloadButton } from '../../components/download-button.tsx';
import {
  CaptionDownloads,
  DEFAULT_SPEECH_CHOICES,
  isSpeechChoices,
  SpeechChoiceFields,
  SpeechStreamNote,
  SpokenLanguagesNote,
  type SpeechChoices,
} from '../../components/speech-controls.tsx';
import { ErrorLine } from '../../components/error-line.tsx';
import { PastedTextNote } from '../../components/pasted-text-note.tsx';
import { EngineStatus } from '../../components/engine-status.tsx';
import { ToolActions } from '../../components/tool-actions.tsx';
import { WorkingIndicator } from '../../components/working-indicator.tsx';
import { estimateSynthesisSeconds } from '../../lib/estimates.ts';
import { downloadUrl } from '../../lib/file-download.ts';
import { useEngineStatus } from '../../lib/use-engine-status.ts';
import { useResultInView } from '../../lib/use-result-in-view.ts';
import { useTimedFlag } from '../../lib/use-timed-flag.ts';
import { SpeechPlayer } from '../../components/speech-player.tsx';
import { useKeptState } from '../../lib/use-kept-state.ts';
import { usePastedTextLimit } from '../../lib/pasted-text-limit.ts';
import { clearAudio, generateSpeech, playerActions, selectTts } from './tts-slice.ts';
import { VoiceSample } from './voice-sample.tsx';
import '../../components/tools.css';

/** The download name of docs/product.md section 2: generated_speech.<extension of the format>. */
function speechFileName(format: OutputFormat): string {
  return `${DOWNLOADS.speechBaseName}.${FILE_EXTENSIONS[format]}`;
}

export function TextToSpeechPage() {
  const dispatch = useAppDispatch();
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
  } = useAppSelector(selectTts);
  const engineStatus = useEngineStatus(TOOL_CAPABILITY['text-to-speech']);
  const resultView = useResultInView(loading, Boolean(audioUrl) && !error);

  const [text, setText] = useKeptState('text-to-speech.text', '');
  const [choices, setChoices] = useKeptState<SpeechChoices>(
    'text-to-speech.choices',
    DEFAULT_SPEECH_CHOICES,
    isSpeechChoices,
  );
  const textPaste = usePastedTextLimit(LIMITS.textToSpeechMaxCharacters, text, setText);
  const [showEmptyNote, flashEmptyNote] = useTimedFlag(TIMINGS.noticeMs);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      flashEmptyNote();
      return;
    }
    void dispatch(generateSpeech({ text, ...choices, captions: true }));
  };

  const handleClear = () => {
    setText('');
    dispatch(clearAudio());
  };

  const handleDownload = () => {
    if (audioUrl && format) downloadUrl(audioUrl, speechFileName(format));
  };

  return (
    <div className="container tool-page">
      <PageHead {...TEXT_TO_SPEECH_TOOL.page} />
      <header className="tool-page__intro">
        <h1>Text To Speech</h1>
        <p>
          Type or paste your text, pick a voice, a speed and a format, then play the audio or
          download it.
        </p>
        <EngineStatus {...engineStatus} />
      </header>

      <form className="card tool-form" onSubmit={handleSubmit} noValidate>
        <div className="field">
          <label htmlFor="tts-text">Text</label>
          <textarea
            id="tts-text"
            rows={10}
            placeholder="Enter your text here"
            value={text}
            maxLength={LIMITS.textToSpeechMaxCharacters}
            onChange={(event) => setText(event.target.value)}
            onPaste={textPaste.onPaste}
            aria-describedby="tts-count"
          />
          <PastedTextNote note={textPaste.note} />
          <p
            id="tts-count"
            className={`character-count${text.length >= LIMITS.textToSpeechMaxCharacters ? ' character-count--over' : ''}`}
          >
            {text.length} / {LIMITS.textToSpeechMaxCharacters} characters
          </p>
        </div>

        <SpeechChoiceFields id="tts" choices={choices} onChange={setChoices} />
        <SpokenLanguagesNote />
        <VoiceSample voice={choices.voice} />

        <ToolActions loading={loading} disabled={engineStatus.blocked} onClear={handleClear} />
        <div aria-live="polite">
          {showEmptyNote ? (
            <p className="tool-note">{TEXT_TO_SPEECH_MESSAGES.enterTextFirst}</p>
          ) : null}
        </div>
        <WorkingIndicator
          running={loading}
          queue={queue}
          label="Generating your audio"
          estimateSeconds={estimatedRunSeconds ?? estimateSynthesisSeconds(text.length)}
          finishedMessage={
            resultView.announceReady && audioUrl && !error
              ? 'Your audio is ready below.'
              : undefined
          }
        />
        <SpeechStreamNote loading={loading} madeSeconds={madeSeconds} />
        <ErrorLine message={error} />
      </form>

      <ResultPanel
        title="Generated Audio:"
        busy={loading}
        view={resultView}
        actions={
          <>
            <DownloadButton onClick={handleDownload} disabled={!audioUrl || !format}>
              Download
            </DownloadButton>
            {audioUrl ? (
              <CaptionDownloads captions={captions} fileBaseName={DOWNLOADS.speechBaseName} />
            ) : null}
          </>
        }
      >
        <SpeechPlayer
          audioUrl={audioUrl}
          audioLabel="Generated audio"
          loading={loading}
          livePlayback={livePlayback}
          heardSeconds={heardSeconds}
          madeSeconds={madeSeconds}
          {...playerActions(dispatch)}
        />
        {audioUrl || loading || livePlayback !== 'off' ? null : (
          <p className="tool-result__empty">{TEXT_TO_SPEECH_MESSAGES.noAudioYet}</p>
        )}
      </ResultPanel>
    </div>
  );
}

/** The page app/routes.tsx shows at the tool descriptor's path (ADR 054). */
export default TextToSpeechPage;
