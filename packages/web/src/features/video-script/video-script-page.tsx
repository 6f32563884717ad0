import { useState, type FormEvent } from 'react';
import {
  DOWNLOADS,
  DURATIONS,
  LIMITS,
  PLATFORMS,
  SCRIPT_TOPIC_NAMES,
  SCRIPT_TOPICS,
  SPOKEN_WORDS_PER_MINUTE,
  TOOL_CAPABILITY,
  type Duration,
  type Platform,
  type ScriptTopic,
  spokenScript,
  VIDEO_SCRIPT_MESSAGES,
  WRITER_MESSAGES,
  VIDEO_SCRIPT_TOOL,
} from '@ai-tools/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { PageHead } from '../../components/page-head.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { ResultPanel } from '../../components/result-panel.tsx';
import { DraftReport, draftTitle, partialDraftNoteId } from '../../components/draft-report.tsx';
import { MarkdownView } from '../../components/markdown-view.tsx';
import { DownloadButton } from '../../components/download-button.tsx';
import { ErrorLine } from '../../components/error-line.tsx';
import { PastedTextNote } from '../../components/pasted-text-note.tsx';
import { EngineStatus } from '../../components/engine-status.tsx';
import { TextStats } from '../../components/text-stats.tsx';
import { ToolActions } from '../../components/tool-actions.tsx';
import { WorkingIndicator } from '../../components/working-indicator.tsx';
import { WriterStreamNote } from '../../components/writer-stream-note.tsx';
import { SpokenAudioPanel } from '../../components/spoken-audio-panel.tsx';
import { estimateWritingSeconds } from '../../lib/estimates.ts';
import { downloadText } from '../../lib/file-download.ts';
import { useEngineStatus } from '../../lib/use-engine-status.ts';
import { isOneOf, useKeptState } from '../../lib/use-kept-state.ts';
import { usePastedTextLimit } from '../../lib/pasted-text-limit.ts';
import { useResultInView } from '../../lib/use-result-in-view.ts';
import { draftStanding, isPartialDraft } from '../../lib/writer-stream.ts';
import {
  clearScript,
  generateScript,
  requestScript,
  retryScript,
  selectVideoScript,
  stopScript,
} from './video-script-slice.ts';
import { voiceOverAudio } from './voice-over-slice.ts';
import '../../components/tools.css';

const DEFAULT_FORM = {
  topic: SCRIPT_TOPICS[0].name as ScriptTopic,
  platform: PLATFORMS[0],
  duration: DURATIONS[0],
  additionalInfo: '',
} as const;

export function VideoScriptPage() {
  const dispatch = useAppDispatch();
  const scriptState = useAppSelector(selectVideoScript);
  const { script, loading, error, partialText, queue, step, textSinceStep, stopped, problems } =
    scriptState;
  const standing = draftStanding(scriptState, script);
  const partial = isPartialDraft(standing);
  const engineStatus = useEngineStatus(TOOL_CAPABILITY['video-script']);
  const resultView = useResultInView(loading, standing !== null && !error);
  const voiceOver = useAppSelector(voiceOverAudio.select);
  const speechStatus = useEngineStatus(TOOL_CAPABILITY['text-to-speech']);

  const [topic, setTopic] = useKeptState<ScriptTopic>(
    'video-script.topic',
    DEFAULT_FORM.topic,
    isOneOf(SCRIPT_TOPIC_NAMES),
  );
  const [platform, setPlatform] = useKeptState<Platform>(
    'video-script.platform',
    DEFAULT_FORM.platform,
    isOneOf(PLATFORMS),
  );
  const [duration, setDuration] = useKeptState<Duration>(
    'video-script.duration',
    DEFAULT_FORM.duration,
    isOneOf(DURATIONS),
  );
  const [additionalInfo, setAdditionalInfo] = useKeptState<string>(
    'video-script.additional-info',
    DEFAULT_FORM.additionalInfo,
  );
  const additionalInfoPaste = usePastedTextLimit(
    LIMITS.additionalInfoMaxLength,
    additionalInfo,
    setAdditionalInfo,
  );
  // docs/product.md section 4: the panel appears only after a generation has completed once, or
  // as soon as the first words of a script stream in (ADR 030).
  const [generationCompleted, setGenerationCompleted] = useState(false);

  const sampleIdea = SCRIPT_TOPICS.find((entry) => entry.name === topic)?.sampleIdea ?? '';
  const showPanel = generationCompleted || script !== '' || partialText !== '';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!topic.trim()) return;
    // A voice-over belongs to the script it was made from.
    dispatch(voiceOverAudio.clearAudio());
    const result = await dispatch(generateScript({ topic, platform, duration, additionalInfo }));
    const cancelled = requestScript.rejected.match(result) && result.meta.aborted;
    if (!cancelled) setGenerationCompleted(true);
  };

  const handleClear = () => {
    dispatch(clearScript());
    dispatch(voiceOverAudio.clearAudio());
    setGenerationCompleted(false);
    setTopic(DEFAULT_FORM.topic);
    setPlatform(DEFAULT_FORM.platform);
    setDuration(DEFAULT_FORM.duration);
    setAdditionalInfo(DEFAULT_FORM.additionalInfo);
  };

  const handleRetry = () => {
    dispatch(voiceOverAudio.clearAudio());
    void dispatch(retryScript());
  };

  const handleDownload = () => {
    if (!script) {
      window.alert(VIDEO_SCRIPT_MESSAGES.noScriptToDownload);
      return;
    }
    downloadText(script, DOWNLOADS.scriptFileName);
  };

  return (
    <div className="container tool-page">
      <PageHead {...VIDEO_SCRIPT_TOOL.page} />
      <header className="tool-page__intro">
        <h1>Video Script Generator</h1>
        <p>
          Choose a topic, a platform and a length, add your own idea if you like, and get a script
          with a hook, the talking points and a call to action.
        </p>
        <EngineStatus {...engineStatus} />
      </header>

      <form className="card tool-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className="tool-fields tool-fields--three">
          <SelectField
            id="script-topic"
            label="Topic"
            value={topic}
            options={SCRIPT_TOPIC_NAMES}
            onChange={setTopic}
          />
          <SelectField
            id="script-platform"
            label="Platform"
            value={platform}
            options={PLATFORMS}
            onChange={setPlatform}
          />
          <SelectField
            id="script-duration"
            label="Duration in Min"
            value={duration}
            options={DURATIONS}
            onChange={setDuration}
          />
        </div>
        <div className="field">
          <label htmlFor="script-additional-info">Additional Info</label>
          <textarea
            id="script-additional-info"
            rows={4}
            placeholder={sampleIdea}
            value={additionalInfo}
            maxLength={LIMITS.additionalInfoMaxLength}
            onChange={(event) => setAdditionalInfo(event.target.value)}
            onPaste={additionalInfoPaste.onPaste}
          />
          <PastedTextNote note={additionalInfoPaste.note} />
        </div>
        <ToolActions
          loading={loading}
          disabled={engineStatus.blocked}
          onClear={handleClear}
          onStop={() => dispatch(stopScript())}
        />
        <WorkingIndicator
          running={loading}
          queue={queue}
          label="Writing your script"
          estimateSeconds={
            scriptState.estimatedRunSeconds ??
            estimateWritingSeconds(duration * SPOKEN_WORDS_PER_MINUTE)
          }
          finishedMessage={
            resultView.announceReady && standing === 'whole' && !error
              ? 'Your script is ready below.'
              : undefined
          }
        />
        <WriterStreamNote step={step} textSinceStep={textSinceStep} stopped={stopped} />
      </form>

      {showPanel ? (
        <ResultPanel
          title={draftTitle('Your Script is Ready!', standing)}
          busy={loading}
          view={resultView}
          actions={
            <DownloadButton
              onClick={handleDownload}
              disabled={loading || !script}
              describedBy={partial ? partialDraftNoteId('script') : undefined}
            >
              Download RTC File
            </DownloadButton>
          }
          notice={
            <DraftReport
              panelId="script"
              standing={standing}
              problems={problems}
              onRetry={handleRetry}
            />
          }
        >
          {loading && partialText ? (
            <>
              <MarkdownView text={partialText} streaming />
              <TextStats text={partialText} />
            </>
          ) : loading ? (
            <p className="tool-result__empty">{VIDEO_SCRIPT_MESSAGES.generatingScript}</p>
          ) : script ? (
            <>
              <MarkdownView text={script} />
              <TextStats text={script} />
            </>
          ) : (
            <p className="tool-result__empty">{VIDEO_SCRIPT_MESSAGES.noScriptYet}</p>
          )}
        </ResultPanel>
      ) : null}
      <ErrorLine message={error} />
      {script && !loading && !speechStatus.blocked ? (
        <SpokenAudioPanel
          id="voice-over"
          title="Voice-over"
          actionLabel="Make voice-over"
          description={VIDEO_SCRIPT_MESSAGES.voiceOver}
          note={partial ? WRITER_MESSAGES.partialDraftNote : undefined}
          text={spokenScript(script)}
          fileBaseName={DOWNLOADS.voiceOverBaseName}
          state={voiceOver}
          {...voiceOverAudio.panelActions(dispatch)}
        />
      ) : null}
    </div>
  );
}

/** The page app/routes.tsx shows at the tool descriptor's path (ADR 054). */
export default VideoScriptPage;
