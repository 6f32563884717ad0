/**
 * The five tools' main flows in Debian's Chromium against the real `npm start`: every request goes
 * to the real API and its real engines. The writers run on SmolLM2-135M (scripts/run-e2e.mjs), a
 * small real model whose wording varies, so these tests check that a non-empty result appears and
 * downloads, never its wording.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  API_PATHS,
  ENGINE_TEXTS,
  ROUTES,
  TOOLS,
  TOOL_CAPABILITY,
  toolPath,
  VOICE_DESCRIPTIONS,
  type Capability,
  type HealthResponse,
} from '@ai-tools/contracts';
import { BASE_URL, openBrowser, type BrowserSession } from './helpers/browser.ts';
import { accessibilityViolations } from './helpers/accessibility.ts';
import { expectVisible } from './helpers/visibility.ts';
import { assertNeuralEngine } from './helpers/engines.ts';
import {
  expectDraftShown,
  expectedTitle,
  lastWriterAnswer,
  recordWriterAnswers,
} from './helpers/writer-answers.ts';

/**
 * Generous: the local engines share two CPU cores with the rest of the suite, and a random-weights
 * model never stops early, so it writes up to the token budget (measured: 80 s for the shortest
 * video script on a loaded 2-core machine). The server's own writer deadline is 240 s.
 */
const GENERATION_TIMEOUT_MS = 300_000;
const TEST_TIMEOUT_MS = GENERATION_TIMEOUT_MS + 60_000;

/**
 * A writer's finished text: the writers stream, so the text is on the page while the model still
 * writes, in a result region marked busy until the final result is in.
 */
const FINISHED_TEXT = '[aria-busy="false"] .markdown-view';

let session: BrowserSession;
let workDir: string;

before(async () => {
  session = await openBrowser();
  session.page.setDefaultTimeout(30_000);
  await recordWriterAnswers(session.page);
  workDir = mkdtempSync(join(tmpdir(), 'e2e-tools-'));
});
after(async () => {
  await session?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function saveDownload(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; content: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(workDir, download.suggestedFilename());
  await download.saveAs(path);
  return { name: download.suggestedFilename(), content: readFileSync(path) };
}

/**
 * Waits for the result, or fails at once with the page's error line (the server's message) when
 * the generation failed, instead of waiting for a timeout.
 */
async function waitForResult(page: Page, result: Locator): Promise<void> {
  const errorLine = page.locator('.tool-error:not(:empty)');
  const outcome = await Promise.race([
    result.waitFor({ timeout: GENERATION_TIMEOUT_MS }).then(
      () => 'result' as const,
      () => 'timeout' as const,
    ),
    errorLine.waitFor({ timeout: GENERATION_TIMEOUT_MS }).then(
      () => 'error' as const,
      () => 'timeout' as const,
    ),
  ]);
  if (outcome === 'error')
    assert.fail(`The page showed an error: ${await errorLine.textContent()}`);
  assert.equal(outcome, 'result', `No result within ${GENERATION_TIMEOUT_MS / 1000} s`);
}

/** A short spoken English sentence as WAV: espeak-ng, else a recording shipped by pocketsphinx. */
function speechRecording(): string {
  const path = join(workDir, 'hello.wav');
  const spoken = spawnSync('espeak-ng', [
    '-w',
    path,
    'Hello world. This is a test of the subtitles.',
  ]);
  if (spoken.status === 0 && existsSync(path)) return path;
  const shipped = '/usr/share/pocketsphinx/test/data/cards/001.wav';
  assert.ok(
    existsSync(shipped),
    'Neither espeak-ng nor the pocketsphinx test recordings are installed.',
  );
  return shipped;
}

describe('text to speech', () => {
  test(
    'generates audio the player can load, and downloads it as generated_speech.<ext>',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await assertNeuralEngine('speech');
      const { page } = session;
      await page.goto(ROUTES.textToSpeech);
      await page
        .getByLabel('Text', { exact: true })
        .fill('Hello from the browser test. This is a short sentence.');

      const player = page.getByLabel('Generated audio', { exact: true });
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await page.locator('audio[src^="blob:"]').waitFor({ timeout: GENERATION_TIMEOUT_MS });
      const mp3Source = await player.getAttribute('src');
      const mp3 = await saveDownload(page, () =>
        page.getByRole('button', { name: 'Download' }).click(),
      );
      assert.equal(mp3.name, 'generated_speech.mp3');
      assert.ok(mp3.content.length > 1000, 'the MP3 download is not empty');

      await page.getByLabel('Output Format').selectOption({ label: 'WAV' });
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      // The new audio replaces the old one, and the browser decodes it: it has a duration.
      await page.waitForFunction(
        (previous) => {
          const audio = document.querySelector('audio[aria-label="Generated audio"]');
          return (
            audio instanceof HTMLAudioElement &&
            audio.getAttribute('src') !== previous &&
            audio.readyState >= 1 &&
            audio.duration > 0
          );
        },
        mp3Source,
        { timeout: GENERATION_TIMEOUT_MS },
      );
      const wav = await saveDownload(page, () =>
        page.getByRole('button', { name: 'Download' }).click(),
      );
      assert.equal(wav.name, 'generated_speech.wav');
      assert.equal(wav.content.subarray(0, 4).toString('latin1'), 'RIFF');
    },
  );

  test(
    'the speech starts playing while the rest is made, then the whole file is offered',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await assertNeuralEngine('speech');
      const { page } = session;
      await page.goto(ROUTES.textToSpeech);
      // Counts the pieces the page hands to the Web Audio API, and whether the file was there yet.
      await page.evaluate(() => {
        const record = { piecesBeforeFile: 0, piecesAfterFile: 0 };
        Object.assign(window, { liveSpeech: record });
        // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the node as `this`
        const start = AudioBufferSourceNode.prototype.start;
        AudioBufferSourceNode.prototype.start = function (...args) {
          if (document.querySelector('audio[src^="blob:"]')) record.piecesAfterFile += 1;
          else record.piecesBeforeFile += 1;
          return start.apply(this, args);
        };
      });
      await page
        .getByLabel('Text', { exact: true })
        .fill(
          'The first sentence is short. The second one takes a little longer to say out loud. ' +
            'The third sentence follows it. And the fourth one ends the text.',
        );
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await expectVisible(page.getByText('Playing while the rest is made:', { exact: false }));
      await page.locator('audio[src^="blob:"]').waitFor({ timeout: GENERATION_TIMEOUT_MS });
      const record = await page.evaluate(
        () => (window as unknown as { liveSpeech: Record<string, number> }).liveSpeech,
      );
      // The page asks for captions, so each sentence is spoken, and played, on its own.
      assert.equal(record.piecesBeforeFile, 4, 'one piece per sentence');
      assert.equal(record.piecesAfterFile, 0);
    },
  );

  test(
    'the voice picker describes the chosen voice and plays its sample',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await assertNeuralEngine('speech');
      const { page } = session;
      await page.goto(ROUTES.textToSpeech);
      await page.getByLabel('Voice', { exact: true }).selectOption('nova');
      await expectVisible(page.getByText(`nova: ${VOICE_DESCRIPTIONS.nova}.`, { exact: false }));
      // The browser loads and decodes the sample the server made for this voice.
      await page.waitForFunction(
        () => {
          const sample = document.querySelector('audio[aria-label="Sample of the voice nova"]');
          if (!(sample instanceof HTMLAudioElement)) return false;
          if (sample.preload !== 'auto') {
            sample.preload = 'auto';
            sample.load();
          }
          return sample.readyState >= 1 && sample.duration > 0.5;
        },
        undefined,
        { timeout: GENERATION_TIMEOUT_MS },
      );
    },
  );
});

describe('speech to text', () => {
  test(
    'transcribes an uploaded recording and downloads subtitles.rtc',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await assertNeuralEngine('transcription');
      const { page } = session;
      await page.goto(ROUTES.speechToText);
      await page.getByRole('heading', { name: 'Speech To Text AI' }).waitFor();
      await page.locator('input[type="file"]').setInputFiles(speechRecording());
      await page
        .getByRole('button', { name: /Start Generating Subtitles|Processing\.\.\./ })
        .click();

      const transcript = page.getByLabel('Transcript');
      await transcript.waitFor();
      await page.waitForFunction(
        () => {
          const area = document.querySelector<HTMLTextAreaElement>('textarea.transcript');
          return area !== null && area.value !== 'Processing your audio...';
        },
        undefined,
        { timeout: GENERATION_TIMEOUT_MS },
      );
      const text = await transcript.inputValue();
      assert.notEqual(text, 'No text generated yet', 'the transcript is empty');
      assert.ok(text.trim().length > 0);

      const file = await saveDownload(page, () =>
        page.getByRole('button', { name: 'Download Your RTC file' }).click(),
      );
      assert.equal(file.name, 'subtitles.rtc');
      assert.equal(file.content.toString('utf8'), text);

      // The server returns timed segments, so real subtitle files are offered too.
      const srt = await saveDownload(page, () =>
        page.getByRole('button', { name: 'Download SRT' }).click(),
      );
      assert.equal(srt.name, 'subtitles.srt');
      assert.match(
        srt.content.toString('utf8'),
        /^1\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\n\S/,
      );
    },
  );
});

describe('writers', () => {
  test(
    'the video script generator shows a script, downloads it, and makes its voice-over and captions',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await assertNeuralEngine('text');
      const { page } = session;
      await page.goto(ROUTES.videoScript);
      await page.getByLabel('Platform').selectOption('YouTube');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      const script = page.locator(FINISHED_TEXT);
      await waitForResult(page, script);
      const answer = await lastWriterAnswer(page, API_PATHS.generateScript, GENERATION_TIMEOUT_MS);
      await expectDraftShown(page, answer, {
        successTitle: 'Your Script is Ready!',
        readyMessage: 'Your script is ready below.',
      });
      assert.ok(((await script.textContent()) ?? '').trim().length > 0, 'the script is empty');

      const file = await saveDownload(page, () =>
        page.getByRole('button', { name: 'Download RTC File' }).click(),
      );
      assert.equal(file.name, 'video-script.rtc');
      assert.ok(file.content.length > 0);

      // From the script to its voice-over and captions, on the same page.
      await assertNeuralEngine('speech');
      await page.getByRole('button', { name: 'Make voice-over' }).click();
      const voiceOver = page.getByLabel('Voice-over audio', { exact: true });
      await voiceOver.waitFor({ timeout: GENERATION_TIMEOUT_MS });
      await page.waitForFunction(
        () => {
          const audio = document.querySelector('audio[aria-label="Voice-over audio"]');
          return audio instanceof HTMLAudioElement && audio.readyState >= 1 && audio.duration > 0;
        },
        undefined,
        { timeout: 30_000 },
      );
      const audio = await saveDownload(page, () =>
        page.getByRole('button', { name: 'Download audio' }).click(),
      );
      assert.equal(audio.name, 'voice-over.mp3');
      const captions = await saveDownload(page, () =>
        page.getByRole('button', { name: 'Captions (SRT)' }).click(),
      );
      assert.equal(captions.name, 'voice-over.srt');
      // SubRip cues that follow each other from 0 s, each at most two lines of 42 characters.
      const cues = captions.content
        .toString('utf8')
        .trim()
        .split(/\n\n/)
        .map((block) => /^(\d+)\n([\d:,]+) --> ([\d:,]+)\n([^]+)$/.exec(block));
      assert.ok(cues.length >= 1 && cues.every(Boolean), captions.content.toString('utf8'));
      assert.equal(cues[0]?.[2], '00:00:00,000');
      for (const [index, cue] of cues.entries()) {
        assert.equal(cue?.[1], String(index + 1));
        if (index > 0)
          assert.equal(cue?.[2], cues[index - 1]?.[3], 'each cue starts as the last ends');
        const lines = cue?.[4]?.split('\n') ?? [];
        assert.ok(lines.length <= 2 && lines.every((line) => line.length <= 42), cue?.[4]);
      }
      // Only the spoken lines: no label, heading or picture cue is read.
      assert.doesNotMatch(captions.content.toString('utf8'), /Voiceover|On-screen|B-roll|#|\*\*/);
      // The page with its script and voice-over is as accessible as the empty screens.
      assert.deepEqual(await accessibilityViolations(page), []);
    },
  );

  test('the blog generator shows a post', { timeout: TEST_TIMEOUT_MS }, async () => {
    await assertNeuralEngine('text');
    const { page } = session;
    await page.goto(ROUTES.blog);
    await page.getByLabel('Topic').fill('Boosting productivity with AI');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await waitForResult(page, page.locator(FINISHED_TEXT));
    const report = await lastWriterAnswer(page, API_PATHS.generateBlog, GENERATION_TIMEOUT_MS);
    const successTitle = 'Your Blog has been generated';
    await expectDraftShown(page, report, {
      successTitle,
      readyMessage: 'Your blog post is ready below.',
    });
    assert.ok(((await page.locator('.markdown-view').textContent()) ?? '').trim().length > 0);
    // The success message belongs to a whole post without problems only.
    const success = page.getByText('Blog generated successfully!');
    if (expectedTitle(report, successTitle) === successTitle) await success.waitFor();
    else assert.equal(await success.count(), 0);
  });

  test('the story writer shows a story', { timeout: TEST_TIMEOUT_MS }, async () => {
    await assertNeuralEngine('text');
    const { page } = session;
    await page.goto(ROUTES.story);
    await page.getByLabel('Topic Type').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Generate Story' }).click();
    await waitForResult(page, page.locator(FINISHED_TEXT));
    const answer = await lastWriterAnswer(page, API_PATHS.generateStory, GENERATION_TIMEOUT_MS);
    await expectDraftShown(page, answer, {
      successTitle: 'Your Story has been generated',
      readyMessage: 'Your story is ready below.',
    });
    // The story's "# title" is a heading under the panel's own (h2), so an h3.
    await expectVisible(page.locator(`${FINISHED_TEXT} h3`));
    assert.ok(((await page.locator('.markdown-view').textContent()) ?? '').trim().length > 0);
  });
});

const NEURAL_ENGINE_LINES: Record<Capability, string> = {
  text: ENGINE_TEXTS.textNeural,
  speech: ENGINE_TEXTS.speechNeural,
  transcription: ENGINE_TEXTS.transcriptionNeural,
};

describe('engine status', () => {
  test('each tool page says which engine serves it before the form is used', async () => {
    const { page } = session;
    const health = (await (await fetch(`${BASE_URL}${API_PATHS.health}`)).json()) as HealthResponse;
    for (const tool of TOOLS) {
      await page.goto(toolPath(tool.link));
      const capability = TOOL_CAPABILITY[tool.link];
      await assertNeuralEngine(capability);
      // In plain words; the engine's own name (a model file) is the line's tooltip.
      const line = page.getByText(NEURAL_ENGINE_LINES[capability], { exact: true });
      await line.waitFor();
      assert.equal(
        await line.getAttribute('title'),
        ENGINE_TEXTS.engineName(health.engines[capability].engine),
      );
    }
  });
});
