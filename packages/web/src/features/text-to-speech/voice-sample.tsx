import { VOICE_DESCRIPTIONS, voiceSamplePath, type Voice } from '@ai-tools/contracts';

/**
 * The chosen voice's description and a short spoken sample to play before generating. The server
 * makes each voice's sample once and keeps it; preload="none" fetches it only when played.
 */
export function VoiceSample({ voice }: { voice: Voice }) {
  return (
    <div className="voice-sample">
      <p className="tool-hint" id="tts-voice-description">
        <strong>{voice}</strong>: {VOICE_DESCRIPTIONS[voice]}. Play a short sample:
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
