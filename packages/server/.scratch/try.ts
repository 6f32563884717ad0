import { createLocalTranscriber } from '../src/providers/local/transcription/index.ts';
import { loadConfig } from '../src/config.ts';
import { referenceRecording } from '../test/helpers/local-engines.ts';
import { execFileSync } from 'node:child_process';
import { pcmSamples } from '../test/helpers/local-engines.ts';
const t0 = performance.now();
const transcriber = await createLocalTranscriber({ modelsDir: loadConfig().MODELS_DIR, temporaryDirectory: '/tmp', onLoadError: (e, d) => console.log(d, e) });
console.log(transcriber.status(), performance.now() - t0);
const clips: [string, Float32Array][] = [['goforward', referenceRecording('goforward.raw')], ['0870', referenceRecording('librivox/sense_and_sensibility_01_austen_64kb-0870.wav')]];
for (const [lang, text] of [['fr', 'Bonjour, je m’appelle Marie et j’habite à Paris depuis dix ans.'], ['de', 'Guten Morgen, ich heiße Anna und ich wohne seit zehn Jahren in Berlin.']]) {
  clips.push([lang, pcmSamples(execFileSync('sh', ['-c', `espeak-ng -v ${lang} --stdout "${text}" | ffmpeg -loglevel error -i pipe:0 -ar 16000 -ac 1 -f s16le pipe:1`]))]);
}
clips.push(['silence', new Float32Array(16000 * 4)]);
for (const [name, samples] of clips) {
  const t = performance.now();
  const r = await transcriber.transcribe({ samples });
  console.log(name, ((performance.now() - t) / 1000).toFixed(2), JSON.stringify(r));
}
await transcriber.close();
