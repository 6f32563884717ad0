import { env, AutoProcessor, AutoTokenizer, WhisperForConditionalGeneration, Tensor } from '@huggingface/transformers';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { homedir } from 'node:os';
env.allowRemoteModels = false;
env.localModelPath = `${homedir()}/.cache/ai-content-tools/models/transformers`;
const id = 'Xenova/whisper-base';
let t = performance.now();
const processor = await AutoProcessor.from_pretrained(id);
const tokenizer = await AutoTokenizer.from_pretrained(id);
const model = await WhisperForConditionalGeneration.from_pretrained(id, { dtype: 'q8', device: 'cpu', session_options: { enableCpuMemArena: false, enableMemPattern: true, intraOpNumThreads: 2, interOpNumThreads: 1 } });
console.log('load ms', performance.now() - t, process.memoryUsage().rss / 1e6);
function pcm(buf: Buffer) { const s = new Float32Array(buf.length / 2); for (let i = 0; i < s.length; i++) s[i] = buf.readInt16LE(i * 2) / 32768; return s; }
const clips: [string, Float32Array][] = [
  ['goforward', pcm(readFileSync('/usr/share/pocketsphinx/test/data/goforward.raw'))],
  ['0870', pcm(readFileSync('/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav').subarray(44))],
];
for (const [lang, text] of [['fr', 'Bonjour, je m’appelle Marie et j’habite à Paris depuis dix ans.'], ['es', 'Hola, me llamo Carlos y vivo en Madrid con mi familia.'], ['de', 'Guten Morgen, ich heiße Anna und ich wohne seit zehn Jahren in Berlin.']]) {
  const wav = execFileSync('sh', ['-c', `espeak-ng -v ${lang} --stdout "${text}" | ffmpeg -loglevel error -i pipe:0 -ar 16000 -ac 1 -f s16le pipe:1`]);
  clips.push([lang, pcm(wav)]);
}
const gc: any = model.generation_config;
const langIds = Object.entries(gc.lang_to_id as Record<string, number>);
for (const [name, samples] of clips) {
  t = performance.now();
  const { input_features } = await processor(samples);
  const tf = performance.now() - t;
  t = performance.now();
  const out: any = await model.forward({ input_features, decoder_input_ids: new Tensor('int64', [BigInt(gc.decoder_start_token_id)], [1, 1]) });
  const logits = out.logits.data as Float32Array;
  let best = langIds[0]; for (const e of langIds) if (logits[e[1]] > logits[best[1]]) best = e;
  const td = performance.now() - t;
  const code = best[0].slice(2, -2);
  t = performance.now();
  const ids: any = await model.generate({ inputs: input_features, language: code, task: 'transcribe', return_timestamps: true, max_new_tokens: 200 });
  const tg = performance.now() - t;
  console.log(name, (samples.length / 16000).toFixed(1), 's feat', tf.toFixed(0), 'detect', td.toFixed(0), 'gen', tg.toFixed(0), code, JSON.stringify(tokenizer.decode(ids[0], { skip_special_tokens: false })));
}
console.log('rss', process.memoryUsage().rss / 1e6);
