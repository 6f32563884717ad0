import { useRef, useState } from 'react';
import { SPEECH_TO_TEXT_MESSAGES, type TranscriptSegment } from '@ai-tools/contracts';
import { formatCueTime } from '../../lib/subtitles.ts';

interface CueEditorProps {
  cues: readonly TranscriptSegment[];
  /** The visitor's own recording, played from a cue's start. */
  audioUrl: string | null;
  onTextChange: (index: number, text: string) => void;
  onTimesChange: (index: number, times: { start?: number; end?: number }) => void;
  /** Splits a cue at a character of its text (the caret), or between its middle words. */
  onSplit: (index: number, at?: number) => void;
  onMergeWithNext: (index: number) => void;
  onDelete: (index: number) => void;
}

/**
 * The subtitles as a list the visitor corrects before downloading: each cue's text and times,
 * split, merge and delete, and a player that plays the recording from a cue and shows which cue
 * is heard. The downloads are made from the edited cues.
 */
export function CueEditor({
  cues,
  audioUrl,
  onTextChange,
  onTimesChange,
  onSplit,
  onMergeWithNext,
  onDelete,
}: CueEditorProps) {
  const player = useRef<HTMLAudioElement>(null);
  const carets = useRef(new Map<number, number>());
  const [heardSeconds, setHeardSeconds] = useState<number | null>(null);

  const playFrom = (seconds: number) => {
    const audio = player.current;
    if (!audio) return;
    audio.currentTime = seconds;
    void audio.play().catch(() => {
      // The browser refused to play (no sound device, autoplay rules): the visitor presses Play.
    });
  };

  return (
    <section className="cue-editor" aria-labelledby="cue-editor-title">
      <h3 id="cue-editor-title" className="cue-editor__title">
        {SPEECH_TO_TEXT_MESSAGES.editSubtitles}
      </h3>
      <p className="tool-hint">{SPEECH_TO_TEXT_MESSAGES.editSubtitlesHint}</p>
      {audioUrl ? (
        <audio
          ref={player}
          className="cue-editor__player"
          controls
          src={audioUrl}
          aria-label={SPEECH_TO_TEXT_MESSAGES.yourRecording}
          onTimeUpdate={(event) => setHeardSeconds(event.currentTarget.currentTime)}
        />
      ) : null}
      <ol className="cue-editor__list">
        {cues.map((cue, index) => {
          const heard =
            heardSeconds !== null && heardSeconds >= cue.start && heardSeconds < cue.end;
          const number = index + 1;
          return (
            <li
              // Cues have no id of their own; an edit replaces the list, and the position is the cue.
              key={index}
              className={`cue-editor__cue${heard ? ' cue-editor__cue--heard' : ''}`}
              aria-current={heard ? 'true' : undefined}
            >
              <div className="cue-editor__times">
                <label>
                  {SPEECH_TO_TEXT_MESSAGES.cueStart(number)}
                  <input
                    type="number"
                    min={0}
                    step={0.1}
                    value={cue.start}
                    onChange={(event) => {
                      const seconds = event.target.valueAsNumber;
                      if (Number.isFinite(seconds)) onTimesChange(index, { start: seconds });
                    }}
                  />
                </label>
                <label>
                  {SPEECH_TO_TEXT_MESSAGES.cueEnd(number)}
                  <input
                    type="number"
                    min={0}
                    step={0.1}
                    value={cue.end}
                    onChange={(event) => {
                      const seconds = event.target.valueAsNumber;
                      if (Number.isFinite(seconds)) onTimesChange(index, { end: seconds });
                    }}
                  />
                </label>
                <span className="cue-editor__time" aria-hidden="true">
                  {formatCueTime(cue.start)} → {formatCueTime(cue.end)}
                </span>
              </div>
              <label className="cue-editor__text">
                <span className="visually-hidden">{SPEECH_TO_TEXT_MESSAGES.cueText(number)}</span>
                <textarea
                  rows={2}
                  value={cue.text}
                  onChange={(event) => onTextChange(index, event.target.value)}
                  onSelect={(event) =>
                    carets.current.set(index, event.currentTarget.selectionStart)
                  }
                />
              </label>
              <div className="cue-editor__actions">
                {audioUrl ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => playFrom(cue.start)}
                    aria-label={SPEECH_TO_TEXT_MESSAGES.playCue(number)}
                  >
                    {SPEECH_TO_TEXT_MESSAGES.play}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => onSplit(index, carets.current.get(index))}
                  aria-label={SPEECH_TO_TEXT_MESSAGES.splitCue(number)}
                >
                  {SPEECH_TO_TEXT_MESSAGES.split}
                </button>
                {index < cues.length - 1 ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => onMergeWithNext(index)}
                    aria-label={SPEECH_TO_TEXT_MESSAGES.mergeCue(number)}
                  >
                    {SPEECH_TO_TEXT_MESSAGES.merge}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => onDelete(index)}
                  aria-label={SPEECH_TO_TEXT_MESSAGES.deleteCue(number)}
                >
                  {SPEECH_TO_TEXT_MESSAGES.delete}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
