import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  DOWNLOADS,
  languageName,
  LIMITS,
  TIMINGS,
  TOOL_CAPABILITY,
  TRANSCRIPTION_LANGUAGES,
  type TranscriptionTask,
  SPEECH_TO_TEXT_MESSAGES,
  SPEECH_TO_TEXT_TOOL,
} from '@ai-tools/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { PageHead } from '../../components/page-head.tsx';
import { ResultPanel } from '../../components/result-panel.tsx';
import { DownloadButton } from '../../components/download-button.tsx';
import { ErrorLine } from '../../components/error-line.tsx';
import { EngineStatus } from '../../components/engine-status.tsx';
import { TextStats } from '../../components/text-stats.tsx';
import { WorkingIndicator } from '../../components/working-indicator.tsx';
import { readAudioDuration } from '../../lib/audio-duration.ts';
import { estimateTranscriptionSeconds } from '../../lib/estimates.ts';
import { downloadText } from '../../lib/file-download.ts';
import { toSrt, toVtt, toWordTimedVtt } from '../../lib/subtitles.ts';
import { SelectField } from '../../components/select-field.tsx';
import { isOneOf, useKeptState } from '../../lib/use-kept-state.ts';
import { useEngineStatus } from '../../lib/use-engine-status.ts';
import { useResultInView } from '../../lib/use-result-in-view.ts';
import { useTimedFlag } from '../../lib/use-timed-flag.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import { CueEditor } from './cue-editor.tsx';
import { JobProgress } from './job-progress.tsx';
import {
  cueDeleted,
  cueMergedWithNext,
  cueSplit,
  cueTextChanged,
  cueTimesChanged,
  resetSpeech,
  resumeTranscriptionJob,
  selectSpeech,
  transcribeAsJob,
  transcribeAudio,
  type TranscriptionChoice,
} from './speech-slice.ts';
import '../../components/tools.css';

/** The language choices: detection first (the empty value), then Whisper's languages by name. */
const LANGUAGE_CHOICES = [
  '',
  ...[...TRANSCRIPTION_LANGUAGES].sort((first, second) =>
    languageName(first).localeCompare(languageName(second), 'en'),
  ),
];

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The address's parameter that holds a long recording's job, so a reload finds it again. */
const JOB_PARAMETER = 'job';

/** Over the direct call's limits, a recording is sent as a background job (issue 25). */
function isLongRecording(file: File, audioSeconds: number | undefined): boolean {
  return (
    file.size > LIMITS.uploadMaxBytes ||
    (audioSeconds !== undefined && audioSeconds > LIMITS.audioMaxSeconds)
  );
}

/** A time of day in the visitor's own clock, such as "14:05". */
function formatTimeOfDay(isoTime: string): string {
  return new Date(isoTime).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function SpeechToTextPage() {
  const dispatch = useAppDispatch();
  const { text, segments, spokenLanguage, loading, error, job } = useAppSelector(selectSpeech);
  const [searchParams, setSearchParams] = useSearchParams();
  const jobInAddress = searchParams.get(JOB_PARAMETER);
  const [language, setLanguage] = useKeptState(
    'speech-to-text.language',
    '',
    isOneOf(LANGUAGE_CHOICES),
  );
  const [translate, setTranslate] = useKeptState('speech-to-text.translate', false);
  const task: TranscriptionTask = translate ? 'translate' : 'transcribe';
  const engineStatus = useEngineStatus(TOOL_CAPABILITY['speech-to-text']);

  // The File stays in the page, never in the store (it is not serialisable).
  const [file, setFile] = useState<File | null>(null);
  const [audioSeconds, setAudioSeconds] = useState<number | undefined>(undefined);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [showPanel, setShowPanel] = useState(false);
  const recordingUrl = useObjectUrl(file);
  const [showAddFileHint, flashAddFileHint, hideAddFileHint] = useTimedFlag(TIMINGS.noticeMs);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelShown = showPanel || job !== null;
  const resultView = useResultInView(loading, panelShown && !error);
  // The file whose duration is being read, so a late answer for a replaced file is ignored.
  const selectedFile = useRef<File | null>(null);

  const forgetFile = () => {
    setFile(null);
    selectedFile.current = null;
    setAudioSeconds(undefined);
    // Lets the visitor choose the same file again: the input only reports changes.
    if (inputRef.current) inputRef.current.value = '';
  };

  const addFile = (candidate: File | undefined) => {
    if (!candidate || engineStatus.blocked) return;
    if (!candidate.type.startsWith('audio/')) {
      if (inputRef.current) inputRef.current.value = '';
      window.alert(SPEECH_TO_TEXT_MESSAGES.audioFileOnlyAlert);
      return;
    }
    setFileError(null);
    forgetJobInAddress();
    setFile(candidate);
    selectedFile.current = candidate;
    setAudioSeconds(undefined);
    hideAddFileHint();
    // docs/product.md section 4: adding an audio file dispatches transcription at once. That
    // starts it, so the panel shows now: its progress, then the transcript, never hidden behind
    // a second press of Start, which would read as "do it again" (issue 22). A file over the
    // direct call's size goes as a background job (issue 25).
    const choice = { file: candidate, language, task };
    const sentAsJob = isLongRecording(candidate, undefined);
    void dispatch(sentAsJob ? transcribeAsJob(choice) : transcribeAudio(choice));
    setShowPanel(true);
    // Meanwhile the browser reads the duration: a better estimate, and a recording longer than
    // the direct call takes is sent as a job instead, before its upload ends.
    void readAudioDuration(candidate).then((seconds) => {
      if (selectedFile.current !== candidate) return;
      setAudioSeconds(seconds);
      if (!sentAsJob && isLongRecording(candidate, seconds)) void dispatch(transcribeAsJob(choice));
    });
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!dragging) setDragging(true);
  };
  const handleDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Moving onto a child of the area is not leaving it.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    // Only the first dropped file is used.
    addFile(event.dataTransfer.files[0]);
  };
  const openFilePicker = () => {
    if (!engineStatus.blocked) inputRef.current?.click();
  };
  /** A new choice of language or task transcribes the chosen file again with it. */
  const transcribeAgain = (choice: { language: string; task: TranscriptionTask }) => {
    if (!file) return;
    const request: TranscriptionChoice = { file, ...choice };
    void dispatch(
      isLongRecording(file, audioSeconds) ? transcribeAsJob(request) : transcribeAudio(request),
    );
  };

  // The job's id lives in the address: a reload (or the link kept) follows it again, and a job
  // started here is written there, replacing the entry so Back still leaves the page. A job that
  // cannot be followed (deleted, expired, the server restarted) leaves the address with its error.
  const followedJob = useRef<string | null>(null);
  useEffect(() => {
    if (job) {
      followedJob.current = job.jobId;
      if (job.jobId !== jobInAddress) {
        setSearchParams({ [JOB_PARAMETER]: job.jobId }, { replace: true });
      }
    } else if (jobInAddress && followedJob.current !== jobInAddress) {
      followedJob.current = jobInAddress;
      void dispatch(resumeTranscriptionJob(jobInAddress));
    } else if (jobInAddress && error && !loading) {
      setSearchParams({}, { replace: true });
    }
  }, [job, jobInAddress, loading, error, dispatch, setSearchParams]);
  // With a job in the store its id may be on its way to the address: that one is replaced too.
  const forgetJobInAddress = () => {
    if (jobInAddress || job) setSearchParams({}, { replace: true });
  };
  const handleLanguage = (chosen: string) => {
    setLanguage(chosen);
    transcribeAgain({ language: chosen, task });
  };
  const handleTranslate = (checked: boolean) => {
    setTranslate(checked);
    transcribeAgain({ language, task: checked ? 'translate' : 'transcribe' });
  };

  const handleDropZoneKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openFilePicker();
    }
  };

  const handleStart = () => {
    if (!file) {
      flashAddFileHint();
      setShowPanel(false);
      return;
    }
    setShowPanel(true);
  };

  const handleReset = () => {
    forgetFile();
    setFileError(null);
    hideAddFileHint();
    setShowPanel(false);
    dispatch(resetSpeech());
    forgetJobInAddress();
  };

  const handleDownload = () => {
    if (!text) {
      window.alert(SPEECH_TO_TEXT_MESSAGES.noTextToDownload);
      return;
    }
    downloadText(text, DOWNLOADS.transcriptFileName);
  };

  // A job's text so far shows while it runs; a direct request has none until its end.
  const transcriptShown = loading
    ? text || SPEECH_TO_TEXT_MESSAGES.processingAudio
    : text || SPEECH_TO_TEXT_MESSAGES.noTextYet;
  const jobAtWork = loading && job !== null;

  return (
    <div className="container tool-page">
      <PageHead {...SPEECH_TO_TEXT_TOOL.page} />
      <header className="tool-page__intro">
        <h1>Speech To Text AI</h1>
        <p>Add an audio file and get its transcript, ready to use as subtitles.</p>
        <EngineStatus {...engineStatus} />
      </header>

      <div className="card tool-form">
        <div className="tool-fields">
          <SelectField
            id="speech-language"
            label={SPEECH_TO_TEXT_MESSAGES.spokenLanguageLabel}
            value={language}
            options={LANGUAGE_CHOICES}
            onChange={handleLanguage}
            formatOption={(code) =>
              code ? languageName(code) : SPEECH_TO_TEXT_MESSAGES.detectLanguage
            }
            hint={SPEECH_TO_TEXT_MESSAGES.spokenLanguageHint}
          />
          <label className="checkbox-field">
            <input
              type="checkbox"
              checked={translate}
              onChange={(event) => handleTranslate(event.target.checked)}
            />
            {SPEECH_TO_TEXT_MESSAGES.translateToEnglish}
          </label>
        </div>
        <div
          className={`drop-zone${dragging ? ' drop-zone--active' : ''}`}
          role="button"
          tabIndex={engineStatus.blocked ? -1 : 0}
          aria-disabled={engineStatus.blocked}
          // Named by its own visible text: the invitation, the chosen file and the limits.
          data-testid="drop-zone"
          onClick={openFilePicker}
          onKeyDown={handleDropZoneKey}
          onDragOver={handleDragOver}
          onDragEnter={handleDragOver}
          onDragLeave={handleDragLeave}
          onDrop={handleDrop}
        >
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            <path
              d="M12 3v10m0-10L8 7m4-4l4 4M5 14v4a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <p className="drop-zone__title">Drag and drop your audio file here, or click to choose</p>
          {file ? (
            <p className="drop-zone__file">
              {file.name} ({formatMegabytes(file.size)})
            </p>
          ) : null}
          <p className="tool-hint">{SPEECH_TO_TEXT_MESSAGES.uploadLimits}</p>
          <p className="tool-hint">{SPEECH_TO_TEXT_MESSAGES.longRecordings}</p>
        </div>
        <input
          ref={inputRef}
          type="file"
          accept="audio/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Choose an audio file"
          onChange={(event) => addFile(event.target.files?.[0])}
        />

        <div className="tool-actions">
          {/* Adding the file already started the work and showed the panel, so Start stays
              usable while it runs: it shows the panel again after a Start without a file
              (docs/product.md section 4). */}
          <button
            type="button"
            className="button button--primary"
            onClick={handleStart}
            disabled={engineStatus.blocked}
            aria-busy={loading}
          >
            {loading
              ? SPEECH_TO_TEXT_MESSAGES.processing
              : SPEECH_TO_TEXT_MESSAGES.startTranscription}
          </button>
          <button type="button" className="button button--secondary" onClick={handleReset}>
            Reset
          </button>
        </div>
        <div aria-live="polite">
          {showAddFileHint ? (
            <p className="tool-note">{SPEECH_TO_TEXT_MESSAGES.addFileFirst}</p>
          ) : null}
          {fileError ? <p className="tool-note">{fileError}</p> : null}
        </div>
        {jobAtWork ? <JobProgress job={job} onCancel={handleReset} /> : null}
        <WorkingIndicator
          running={loading && !jobAtWork && Boolean(file)}
          label="Transcribing your audio"
          estimateSeconds={estimateTranscriptionSeconds(
            file?.size ?? 0,
            audioSeconds,
            engineStatus.engine?.secondsPerAudioSecond,
          )}
          finishedMessage={
            resultView.announceReady && text && !error
              ? 'Your transcript is ready below.'
              : undefined
          }
        />
        <ErrorLine message={error} />
      </div>

      {panelShown ? (
        <ResultPanel
          title="Your subtitles have been generated"
          busy={loading}
          view={resultView}
          actions={
            <>
              <DownloadButton onClick={handleDownload} disabled={loading || !text}>
                Download Your RTC file
              </DownloadButton>
              {segments.length > 0 && !loading ? (
                <>
                  <DownloadButton
                    onClick={() =>
                      downloadText(toSrt(segments), `${DOWNLOADS.subtitlesBaseName}.srt`)
                    }
                  >
                    Download SRT
                  </DownloadButton>
                  <DownloadButton
                    onClick={() =>
                      downloadText(
                        toVtt(segments),
                        `${DOWNLOADS.subtitlesBaseName}.vtt`,
                        'text/vtt',
                      )
                    }
                  >
                    Download WebVTT
                  </DownloadButton>
                  {segments.some((segment) => (segment.words ?? []).length > 0) ? (
                    <DownloadButton
                      onClick={() =>
                        downloadText(
                          toWordTimedVtt(segments),
                          `${DOWNLOADS.subtitlesBaseName}-words.vtt`,
                          'text/vtt',
                        )
                      }
                    >
                      {SPEECH_TO_TEXT_MESSAGES.downloadWordTimedVtt}
                    </DownloadButton>
                  ) : null}
                </>
              ) : null}
            </>
          }
        >
          <textarea
            className="transcript"
            readOnly
            rows={10}
            value={transcriptShown}
            aria-label="Transcript"
          />
          {!loading && text && spokenLanguage ? (
            <p className="tool-hint" data-testid="spoken-language">
              {SPEECH_TO_TEXT_MESSAGES.heardLanguage(
                languageName(spokenLanguage),
                task === 'translate',
              )}
            </p>
          ) : null}
          {!loading && text && job?.expiresAt ? (
            <p className="tool-hint" data-testid="job-kept-until">
              {SPEECH_TO_TEXT_MESSAGES.jobKeptUntil(formatTimeOfDay(job.expiresAt))}
            </p>
          ) : null}
          {!loading ? <TextStats text={text} /> : null}
          {!loading && segments.length > 0 ? (
            <CueEditor
              cues={segments}
              audioUrl={recordingUrl}
              onTextChange={(index, cueText) => dispatch(cueTextChanged({ index, text: cueText }))}
              onTimesChange={(index, times) => dispatch(cueTimesChanged({ index, ...times }))}
              onSplit={(index, at) => dispatch(cueSplit({ index, at }))}
              onMergeWithNext={(index) => dispatch(cueMergedWithNext({ index }))}
              onDelete={(index) => dispatch(cueDeleted({ index }))}
            />
          ) : null}
        </ResultPanel>
      ) : null}
    </div>
  );
}

/** The page app/routes.tsx shows at the tool descriptor's path (ADR 054). */
export default SpeechToTextPage;
