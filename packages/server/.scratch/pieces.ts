import { WhisperThread } from '../src/providers/local/transcription/whisper-thread.ts';
import { speechParts, compressionRatio } from '../src/providers/local/transcription/hallucination-guard.ts';
import { execFileSync } from 'node:child_process';
import { pcmSamples } from '../test/helpers/local-engines.ts';
import { homedir } from 'node:os';
const thread = await WhisperThread.start({ localModelPath: `${homedir()}/.cache/ai-content-tools/models/transformers`, modelId: 'Xenova/whisper-base' });
const signal = new AbortController().signal;
const inputs = process.argv.slice(2);
for (const spec of inputs) {
  const [kind, arg, text] = spec.split('|');
  let samples: Float32Array;
  if (kind === 'espeak') samples = pcmSamples(execFileSync('sh', ['-c', `espeak-ng -s 140 -v ${arg} --stdout "${text}" | ffmpeg -loglevel error -i pipe:0 -ar 16000 -ac 1 -f s16le pipe:1`]));
  else samples = pcmSamples(execFileSync('sh', ['-c', `ffmpeg -loglevel error ${arg} -ar 16000 -ac 1 -f s16le pipe:1`]));
  const langs = await thread.detectLanguage(samples, signal);
  const top = Object.entries(langs.probabilities).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([c, p]) => `${c}:${p.toFixed(2)}`);
  const d = await thread.decode(samples, top[0]!.split(':')[0]!, 100, signal);
  console.log(kind, arg, top.join(' '), JSON.stringify(d), 'ratio', compressionRatio(d.parts.map(p => p.text).join(' ')).toFixed(2), 'kept', JSON.stringify(speechParts(d)));
}
await thread.close();
