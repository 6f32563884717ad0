/**
 * The neural speech tier on the real Kokoro-82M model (MODELS_DIR, fetched by `npm run models`):
 * every voice in every format through the real route, a voice understood by Whisper, Spanish
 * spoken by a Spanish voice, the slowest and fastest speeds, and the voice samples. Without the
 * model files these tests fail and say how to get them: they never pass by skipping.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  MEDIA_TYPES,
  OUTPUT_FORMATS,
  VOICES,
  TEXT_TO_SPEECH_MESSAGES,
  healthResponseSchema,
  textToSpeechResponseSchema,
  voiceSamplePath,
} from '@ai-tools/contracts';
import { allExist } from '../src/child-process.ts';
import { loadConfig } from '../src/config.ts';
import { KOKORO_FILES } from '../src/models/manifest.ts';
import { createLocalSpeechSynthesizer } from '../src/providers/local/speech/index.ts';
import {
  KOKORO_ENGINE_NAME,
  KOKORO_SAMPLE_RATE,
  kokoroVoiceFiles,
} from '../src/providers/local/speech/kokoro-synthesizer.ts';
import type { SpeechSynthesisRequest, SpeechSynthesizer } from '../src/providers/types.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { pcmDurationSeconds } from '../src/audio/wav.ts';
import { assertSpeechFile, probeBytes } from './helpers/audio-doubles.ts';
import { errorMessage } from './helpers/answers.ts';
import { makeApp } from './helpers/app.ts';
import { countAudioPasses } from './helpers/audio-passes.ts';
import { whisperHears, wordErrorRate } from './helpers/whisper-round-trip.ts';

const modelsDir = loadConfig().MODELS_DIR;
let app: FastifyInstance;
let speech: SpeechSynthesizer;
let temporaryDirectory: string;
const synthesized: SpeechSynthesisRequest[] = [];
let nextAddress = 1;

/** Every request from its own address, so the per-address budget never interferes. */
function nextVisitor() {
  return `10.2.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;
}

before(async () => {
  const files = [
    join(modelsDir, KOKORO_FILES.model),
    ...kokoroVoiceFiles(join(modelsDir, KOKORO_FILES.voicesFolder)),
  ];
  if (!(await allExist(files))) {
    throw new Error(
      `Kokoro's model files are not in ${modelsDir}: run \`npm run models\` (or set MODELS_DIR to the folder that has kokoro/model.onnx and kokoro/voices/).`,
    );
  }
  temporaryDirectory = mkdtempSync(join(tmpdir(), 'kokoro-test-'));
  speech = await createLocalSpeechSynthesizer({ modelsDir, temporaryDirectory });
  const synthesize = speech.synthesize.bind(speech);
  const synthesizeChunks = speech.synthesizeChunks?.bind(speech);
  // Counts what reaches the real engine, so the samples can be seen to be made once: one request
  // per chunk, whether the service hands them one by one or all at once.
  speech.synthesize = (request) => {
    synthesized.push(request);
    return synthesize(request);
  };
  if (synthesizeChunks) {
    speech.synthesizeChunks = (request) => {
      const { texts, ...each } = request;
      synthesized.push(...texts.map((text) => ({ ...each, text })));
      return synthesizeChunks(request);
    };
  }
  app = await makeApp({
    providers: {
      speech,
      text: unavailableEngine('No text engine in this test.'),
      transcription: unavailableEngine('No transcription in this test.'),
    },
  });
});

after(async () => {
  // Closing the app closes the speech engine too.
  await app?.close();
  if (temporaryDirectory) rmSync(temporaryDirectory, { recursive: true, force: true });
});

test('health and the tool name Kokoro as the speech engine', async () => {
  const health = healthResponseSchema.parse(
    (await app.inject({ method: 'GET', url: API_PATHS.health })).json(),
  );
  assert.deepEqual(health.engines.speech, {
    engine: KOKORO_ENGINE_NAME,
    tier: 'neural',
    ready: true,
  });
});

for (const voice of VOICES) {
  test(`${voice}: every format is a real file whose duration matches the answer`, async () => {
    for (const format of OUTPUT_FORMATS) {
      const response = await app.inject({
        method: 'POST',
        url: API_PATHS.textToSpeech,
        payload: { text: 'Hello there.', voice, speed: 1, outputFormat: format },
        remoteAddress: nextVisitor(),
      });
      assert.equal(response.statusCode, 200, `${voice} ${format}: ${response.body}`);
      const { data } = textToSpeechResponseSchema.parse(response.json());
      assert.equal(data.mediaType, MEDIA_TYPES[format]);
      assert.equal(data.engine, KOKORO_ENGINE_NAME);
      assert.ok(
        data.durationSeconds > 0.5 && data.durationSeconds < 3,
        `${voice}: ${data.durationSeconds} s`,
      );
      assertSpeechFile(data, format, `${voice} ${format}`);
    }
  });
}

test('Whisper understands a Kokoro voice word for word', async () => {
  const sentence = 'Glue the sheet to the dark blue background.';
  const made = await speech.synthesize({ text: sentence, voice: 'sage', speed: 1 });
  assert.equal(made.sampleRate, KOKORO_SAMPLE_RATE);
  const heard = await whisperHears(made, 'en', modelsDir);
  assert.ok(wordErrorRate(sentence, heard) <= 0.15, `Whisper heard "${heard}"`);
});

test('Spanish text is spoken by a Spanish Kokoro voice that Whisper understands', async () => {
  const sentence = 'El sol brilla sobre la ciudad y los niños juegan en el parque.';
  const made = await speech.synthesize({ text: sentence, voice: 'nova', speed: 1, language: 'es' });
  assert.equal(made.sampleRate, KOKORO_SAMPLE_RATE, 'Kokoro, not espeak-ng, spoke it');
  const heard = await whisperHears(made, 'es', modelsDir);
  assert.ok(wordErrorRate(sentence, heard) <= 0.2, `Whisper heard "${heard}"`);
});

test('Japanese with kanji is read through its pronunciation by a Japanese Kokoro voice', async () => {
  // Debian's espeak-ng says "Chinese letter" for each kanji; the dictionary reading avoids it.
  const sentence = 'おはようございます。私の名前は田中です。東京に住んでいます。';
  const made = await speech.synthesize({ text: sentence, voice: 'echo', speed: 1, language: 'ja' });
  assert.equal(made.sampleRate, KOKORO_SAMPLE_RATE, 'Kokoro, not espeak-ng, spoke it');
  const heard = await whisperHears(made, 'ja', modelsDir);
  assert.match(heard, /東京/, `Whisper heard "${heard}"`);
  assert.match(heard, /住んでいます/, `Whisper heard "${heard}"`);
});

test('German, which Kokoro does not speak, is read by espeak-ng’s basic voice and answers 200', async () => {
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: { text: 'Guten Morgen, wie geht es dir heute?', voice: 'alloy', outputFormat: 'wav' },
    remoteAddress: nextVisitor(),
  });
  assert.equal(response.statusCode, 200, response.body);
  const made = synthesized.at(-1);
  assert.equal(made?.language, 'de');
  const info = probeBytes(
    Buffer.from(textToSpeechResponseSchema.parse(response.json()).data.audioBase64, 'base64'),
    'wav',
  );
  // The classic tier's one sample rate: espeak-ng spoke the German.
  assert.equal(info.sampleRate, 22_050);
});

test('Korean, which no voice here speaks clearly, is refused with a 400 before any audio', async () => {
  const before = synthesized.length;
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: {
      text: '안녕하세요. 오늘은 날씨가 정말 좋네요. 공원에 산책하러 갈까요?',
      voice: 'alloy',
      outputFormat: 'wav',
    },
    remoteAddress: nextVisitor(),
  });
  assert.equal(response.statusCode, 400, response.body);
  assert.equal(errorMessage(response), TEXT_TO_SPEECH_MESSAGES.languageNotSpoken('ko'));
  assert.equal(synthesized.length, before, 'no engine was asked to speak it');
});

test('the server keeps answering while Kokoro speaks: the model runs off the event loop', async () => {
  // A model run on the main thread keeps the event loop busy for the whole run; off it, the loop
  // sits idle waiting for the worker's answer. The busy share of the synthesis compares the
  // synthesis with itself, so it holds on a machine of any speed; how long /api/health takes
  // meanwhile is bench/kokoro.bench.ts's figure.
  const text =
    'Our small bakery opens at six every morning. We bake fresh bread, soft rolls and a few ' +
    'sweet pastries, then we put the coffee on and unlock the door.';
  let synthesisFinished = false;
  const utilizationBefore = performance.eventLoopUtilization();
  const synthesis = speech
    .synthesize({ text, voice: 'nova', speed: 1 })
    .finally(() => (synthesisFinished = true));
  const health = await app.inject({ method: 'GET', url: API_PATHS.health });
  const answeredDuringSynthesis = !synthesisFinished;
  await synthesis;
  const { utilization } = performance.eventLoopUtilization(utilizationBefore);
  assert.equal(health.statusCode, 200);
  assert.ok(answeredDuringSynthesis, '/api/health answered before the synthesis finished');
  assert.ok(
    utilization < 0.5,
    `the event loop was busy ${(utilization * 100).toFixed(0)}% of the synthesis`,
  );
});

test("the model's threads yield the cores to the server's own thread", async () => {
  await speech.synthesize({ text: 'Threads at work.', voice: 'alloy', speed: 1 });
  // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's niceness.
  const niceness = (thread: string) => {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  };
  const threads = readdirSync('/proc/self/task');
  assert.equal(niceness(String(process.pid)), 0, 'the server thread keeps its priority');
  const lowered = threads.filter((thread) => niceness(thread) === 10);
  // The worker itself and onnxruntime's thread that runs beside it.
  assert.ok(lowered.length >= 2, `${lowered.length} threads at niceness 10 of ${threads.length}`);
});

test('speed 0.25 and 3 change the duration, not the voice', async () => {
  const text = 'It is easy to tell the depth of a well.';
  const duration = async (speed: number) =>
    pcmDurationSeconds(await speech.synthesize({ text, voice: 'coral', speed }));
  const normal = await duration(1);
  const slowest = await duration(0.25);
  const fastest = await duration(3);
  assert.ok(slowest > normal * 3 && slowest < normal * 5, `0.25: ${slowest} s, 1: ${normal} s`);
  assert.ok(fastest < normal / 2 && fastest > normal / 4, `3: ${fastest} s, 1: ${normal} s`);
});

test('a voice sample is mp3 speech, made once and then served from memory', async () => {
  const before = synthesized.length;
  const first = await app.inject({ method: 'GET', url: voiceSamplePath('fable') });
  assert.equal(first.statusCode, 200, first.body);
  assert.equal(first.headers['content-type'], MEDIA_TYPES.mp3);
  const info = probeBytes(first.rawPayload, 'mp3');
  assert.equal(info.codec, 'mp3');
  assert.ok(info.durationSeconds > 2 && info.durationSeconds < 10, `${info.durationSeconds} s`);

  const second = await app.inject({ method: 'GET', url: voiceSamplePath('fable') });
  assert.equal(second.statusCode, 200);
  assert.ok(second.rawPayload.equals(first.rawPayload));
  assert.equal(synthesized.length - before, 1, 'one synthesis for two visits');
});

test('captions follow the voice-over: each cue’s words are heard within its own times', async () => {
  const text =
    'Welcome back to the kitchen. Today we bake a simple loaf of bread. ' +
    'When the dough has doubled in size, press it down gently, fold it into a loaf, and leave it ' +
    'covered in a warm corner of the kitchen until it rises again. Then bake it until golden.';
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    remoteAddress: nextVisitor(),
    payload: { text, voice: 'nova', outputFormat: 'wav', captions: true },
  });
  assert.equal(response.statusCode, 200, response.body);
  const { data } = textToSpeechResponseSchema.parse(response.json());
  const cues = data.captions ?? [];
  assert.ok(cues.length >= 5, `${cues.length} cues`);
  assert.equal(cues.at(-1)?.end, data.durationSeconds);
  // The wav's 16-bit mono samples (after its "data" chunk header), cut at each cue's times.
  const wav = Buffer.from(data.audioBase64, 'base64');
  const sampleRate = wav.readUInt32LE(24);
  const pcm = wav.subarray(wav.indexOf('data', 12) + 8);
  for (const cue of cues) {
    const slice = pcm.subarray(
      Math.floor(cue.start * sampleRate) * 2,
      Math.ceil(cue.end * sampleRate) * 2,
    );
    const heard = await whisperHears({ pcm: slice, sampleRate }, 'en', modelsDir);
    const rate = wordErrorRate(cue.text, heard);
    assert.ok(rate <= 0.25, `cue ${cue.start}-${cue.end} "${cue.text}": heard "${heard}"`);
  }
});

test('one request, however many chunks, makes one temporary folder, one phonemizer and one encoder run', async () => {
  const sentences = [
    'The first sentence is short.',
    'The second one says a little more.',
    'A third follows it.',
    'Then a fourth.',
    'The fifth is nearly the last.',
    'And the sixth ends the text.',
  ];
  // Captions make every sentence a chunk of its own: six engine runs. At 0.25 each is also
  // stretched beyond the speed Kokoro reaches itself.
  for (const speed of [1, 0.25]) {
    const passes = await countAudioPasses(speech, {
      text: sentences.join(' '),
      outputFormat: 'mp3',
      speed,
      captions: true,
    });
    assert.equal(passes.answer.captions?.length, 6);
    assert.equal(passes.ffmpegRuns, 1, `speed ${speed}: one ffmpeg run`);
    // Each run forks the whole server, models and all: one for the six sentences, not six.
    assert.equal(passes.espeakRuns, 1, `speed ${speed}: one espeak-ng run`);
    assert.equal(passes.folders.length, 1, `speed ${speed}: one temporary folder`);
    assert.deepEqual(passes.leftOver, [], 'and it is gone');
  }
});
