import { SPEECH_TO_TEXT_MESSAGES, type TranscriptionJob } from '@ai-tools/contracts';
import { WaitingIndicator } from '../../components/working-indicator.tsx';
import { formatSeconds } from '../../lib/estimates.ts';

interface JobProgressProps {
  job: Pick<TranscriptionJob, 'status' | 'queue' | 'progress'>;
  onCancel: () => void;
}

/**
 * A long recording's job while it waits or runs: its place in line, then the share of the audio
 * heard with a real bar and the time left the server measured. A live region, so a screen reader
 * hears each new figure the page is told (every few seconds at most).
 */
export function JobProgress({ job, onCancel }: JobProgressProps) {
  const { audioSecondsDone, audioSecondsTotal, percent, estimatedSecondsLeft } = job.progress;
  const started = job.status === 'running' && audioSecondsDone > 0;
  return (
    <div className="job-progress">
      <div role="status">
        {job.status === 'queued' && job.queue ? (
          <WaitingIndicator queue={job.queue} />
        ) : (
          <div className="working">
            <span className="working__spinner" aria-hidden="true" />
            <div className="working__text">
              <p className="working__label">{SPEECH_TO_TEXT_MESSAGES.jobProgressLabel}…</p>
              <p className="working__time">
                {started
                  ? SPEECH_TO_TEXT_MESSAGES.jobProgress(
                      formatSeconds(audioSecondsDone),
                      audioSecondsTotal === undefined
                        ? undefined
                        : formatSeconds(audioSecondsTotal),
                      Math.floor(percent),
                    )
                  : SPEECH_TO_TEXT_MESSAGES.jobStarting}{' '}
                {started && estimatedSecondsLeft !== undefined
                  ? SPEECH_TO_TEXT_MESSAGES.jobTimeLeft(formatSeconds(estimatedSecondsLeft))
                  : null}
              </p>
              <progress
                className="job-progress__bar"
                max={100}
                value={percent}
                aria-label={SPEECH_TO_TEXT_MESSAGES.jobProgressLabel}
              />
            </div>
          </div>
        )}
      </div>
      <p className="tool-hint">{SPEECH_TO_TEXT_MESSAGES.longRecordingNote}</p>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {SPEECH_TO_TEXT_MESSAGES.cancelJob}
      </button>
    </div>
  );
}
