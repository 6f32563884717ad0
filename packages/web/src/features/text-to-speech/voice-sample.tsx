import { voiceName, voiceSamplePath, type Voice } from '@ai-tools/contracts';

/**
 * A short spoken sample of the chosen voice to play before generating; the Voice select describes
 * the voice. The server makes each voice's sample once and keeps it; preload="none" fetches it
 * only when played.
 */
export function VoiceSample({ voice }: { voice: Voice }) {
  return (
    <div className="voice-sample">
      <p className="tool-hint">
        Play a short sample of <strong>{voiceName(voice)}</strong>:
      </p>
      <audio
        key={voice}
        controls
        preload="none"
        src={voiceSamplePath(voice)}
        aria-label={`Sample of the voice ${voice}`}
      />
    </div>
  );
}
