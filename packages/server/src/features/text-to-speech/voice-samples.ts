/**
 * The short spoken sample of each voice that the text-to-speech page plays before a visitor
 * generates: made by the serving speech engine the first time a voice is asked for, encoded to
 * mp3, and kept in memory (11 voices, a few tens of kilobytes each), so later visits cost nothing.
 */
import { type Voice, TEXT_TO_SPEECH_MESSAGES } from '@ai-tools/contracts';
import { encodePcm } from '../../audio/encode.ts';
import { withTemporaryFolder } from '../../audio/temporary-folder.ts';
import { QueuePlace } from '../../providers/job-queue.ts';
import type { SpeechSynthesizer } from '../../providers/types.ts';
import { estimateSpeechSeconds } from './service.ts';
import { EmptyResultError } from '../../errors.ts';

export const VOICE_SAMPLE_TEXT =
  'Hello! This is how I sound. I can read your text aloud, at the speed you choose.';

export interface VoiceSampleDependencies {
  synthesizer: SpeechSynthesizer;
  /** Where the encoding's temporary folder goes (config TEMP_DIR). */
  temporaryRoot: string;
}

export class VoiceSamples {
  private readonly samples = new Map<Voice, Promise<Buffer>>();

  constructor(private readonly dependencies: VoiceSampleDependencies) {}

  /** The voice's sample as mp3, made on the first request only. */
  sample(voice: Voice): Promise<Buffer> {
    let sample = this.samples.get(voice);
    if (!sample) {
      sample = this.make(voice);
      this.samples.set(voice, sample);
      // A sample that failed (a full queue, say) is made again on the next request.
      sample.catch(() => this.samples.delete(voice));
    }
    return sample;
  }

  private async make(voice: Voice): Promise<Buffer> {
    const { synthesizer, temporaryRoot } = this.dependencies;
    // Its work in the engine's line, so those behind it are told the truth.
    const place = new QueuePlace(estimateSpeechSeconds(VOICE_SAMPLE_TEXT, 1));
    return withTemporaryFolder(temporaryRoot, async (folder) => {
      // No visitor and no signal: the sample is shared, so one visitor leaving must not stop it.
      const speech = await synthesizer
        .synthesize({ text: VOICE_SAMPLE_TEXT, voice, speed: 1, language: 'en', folder, place })
        .finally(() => place.leave());
      if (speech.pcm.length === 0) throw new EmptyResultError(TEXT_TO_SPEECH_MESSAGES.speechEmpty);
      return encodePcm({ ...speech, format: 'mp3', folder });
    });
  }
}
