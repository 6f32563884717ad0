import { WhisperThread } from '../src/providers/local/transcription/whisper-thread.ts';
import { cpuSeconds, referenceRecording } from '../test/helpers/local-engines.ts';
import { homedir } from 'node:os';
const thread = await WhisperThread.start({ localModelPath: `${homedir()}/.cache/ai-content-tools/models/transformers`, modelId: 'Xenova/whisper-base' });
const signal = new AbortController().signal;
const samples = referenceRecording('librivox/sense_and_sensibility_01_austen_64kb-0870.wav');
for (let i = 0; i < 2; i++) {
  let c = cpuSeconds(), t = performance.now();
  await thread.detectLanguage(samples, signal);
  const dc = cpuSeconds() - c, dt = performance.now() - t;
  c = cpuSeconds(); t = performance.now();
  const d = await thread.decode(samples, 'en', 100, signal);
  console.log(process.env.WHISPER_SPIN, process.env.WHISPER_THREADS, 'detect cpu', dc.toFixed(2), 'wall', (dt/1000).toFixed(2), 'decode cpu', (cpuSeconds() - c).toFixed(2), 'wall', ((performance.now() - t)/1000).toFixed(2), d.parts.length);
}
await thread.close();
