import { useEffect, useRef, type SyntheticEvent } from 'react';
import { SPEECH_PLAYER_MESSAGES, WRITER_MESSAGES } from '@ai-tools/contracts';
import type { LivePlaybackStatus } from '../lib/live-speech-player.ts';

/** What the speech player does when the visitor acts (spoken-audio-slice's playerActions). */
export interface SpeechPlayerActions {
  onPause: () => void;
  onResume: () => void;
  /** Stops the sound and the request that makes it. */
  onStop: () => void;
  /** Ends the live playback: where the file goes on from and whether it plays, if anywhere. */
  onTakeOver: () => { heardSeconds: number; playing: boolean } | null;
}

interface SpeechPlayerProps extends SpeechPlayerActions {
  /** The finished file, once it is there. */
  audioUrl: string | null;
  /** The finished file's player's name, such as "Generated audio". */
  audioLabel: string;
  loading: boolean;
  livePlayback: LivePlaybackStatus;
  heardSeconds: number;
  madeSeconds: number;
}

/** "0:07", "1:05": a player's clock. */
function clockTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * One player for speech that plays while it is made: while the request runs it shows where the
 * visitor is in what is made so far, with Pause (Resume) and Stop; once the file is in, the
 * browser's own player goes on from that very point, playing or paused as the speech was. Leaving
 * the page pauses the speech, as it stops a playing file.
 */
export function SpeechPlayer({
  audioUrl,
  audioLabel,
  loading,
  livePlayback,
  heardSeconds,
  madeSeconds,
  onPause,
  onResume,
  onStop,
  onTakeOver,
}: SpeechPlayerProps) {
  const leaving = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    clearTimeout(leaving.current);
    // Later, not now: React's development mode unmounts and mounts again at once, which must not
    // count as leaving the page.
    return () => {
      leaving.current = setTimeout(onPause, 0);
    };
  }, [onPause]);

  const goOnFromLivePlayback = (event: SyntheticEvent<HTMLAudioElement>) => {
    const audio = event.currentTarget;
    const from = onTakeOver();
    if (!from) return;
    audio.currentTime = from.heardSeconds;
    if (from.playing && audio.paused) {
      // Where the browser refuses to play without a fresh click, the file waits at that point.
      audio.play().catch(() => {});
    }
  };

  if (audioUrl) {
    return (
      <audio
        controls
        src={audioUrl}
        aria-label={audioLabel}
        onLoadedMetadata={goOnFromLivePlayback}
        // Played before its details loaded: it still goes on from the live playback.
        onPlay={goOnFromLivePlayback}
      />
    );
  }
  if (!loading && livePlayback === 'off') return null;

  const paused = livePlayback === 'paused';
  return (
    <div className="speech-player" role="group" aria-label={SPEECH_PLAYER_MESSAGES.label}>
      <button
        type="button"
        className="button button--secondary"
        onClick={paused ? onResume : onPause}
      >
        {paused ? SPEECH_PLAYER_MESSAGES.resume : SPEECH_PLAYER_MESSAGES.pause}
      </button>
      <button type="button" className="button button--secondary" onClick={onStop}>
        {WRITER_MESSAGES.stop}
      </button>
      <progress
        className="speech-player__bar"
        max={Math.max(madeSeconds, 1)}
        value={Math.min(heardSeconds, madeSeconds)}
        aria-hidden="true"
      />
      {/* The clock moves four times a second: read on demand, never announced as it moves. */}
      <p className="speech-player__position" aria-live="off" data-testid="speech-player-position">
        {paused ? `${SPEECH_PLAYER_MESSAGES.paused} · ` : ''}
        {SPEECH_PLAYER_MESSAGES.position(clockTime(heardSeconds), clockTime(madeSeconds))}
      </p>
    </div>
  );
}
