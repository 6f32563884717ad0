/**
 * A tool's final answer as the page received it, read from the network (a writer's, a speech
 * request's), and what the page must show for a writer's (issue 20): the success title only over a whole text that passed the writer's
 * check, else the title that says what the draft is. The writers' wording and quality vary with
 * the small model the tests run on; what the page makes of the writer's own report must not.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  STREAM_EVENTS,
  TOOL_DESCRIPTORS,
  WRITER_MESSAGES,
  type DraftReport,
} from '@ai-tools/contracts';
import { expectVisible } from './visibility.ts';

/** The `result` event of a streamed answer, or the body of a plain JSON one. */
function finalAnswer<Data>(body: string): { data?: Data } {
  if (body.trimStart().startsWith('{')) return JSON.parse(body) as { data?: Data };
  for (const block of body.replace(/\r\n?/g, '\n').split('\n\n')) {
    const lines = block.split('\n');
    if (!lines.includes(`event: ${STREAM_EVENTS.result}`)) continue;
    const data = lines
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice('data:'.length).replace(/^ /, ''))
      .join('\n');
    return JSON.parse(data) as { data?: Data };
  }
  assert.fail(`The answer has no ${STREAM_EVENTS.result} event:\n${body.slice(-500)}`);
}

/** The calls of every tool that writes with the text engine or speaks. */
const RECORDED_PATHS: string[] = TOOL_DESCRIPTORS.flatMap((tool) =>
  'queue' in tool && ['text', 'speech'].includes(tool.queue.capability)
    ? Object.values(tool.apiPaths)
    : [],
);
const pagesRecording = new WeakSet<Page>();

/**
 * From the next navigation on, the page keeps a copy of each writer's and speech answer's body: its fetch is
 * wrapped to tee the stream, so the page still reads it as it comes. Chromium keeps no body of an
 * event stream for Playwright to read afterwards.
 */
export async function recordAnswers(page: Page): Promise<void> {
  if (pagesRecording.has(page)) return;
  pagesRecording.add(page);
  await page.addInitScript((paths: string[]) => {
    const answers: { path: string; body: string | null }[] = [];
    Object.assign(window, { recordedAnswers: answers });
    const originalFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await originalFetch(input, init);
      const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
      const path = new URL(url, location.href).pathname;
      if (!paths.includes(path) || !response.body) return response;
      const answer = { path, body: null as string | null };
      answers.push(answer);
      const [forPage, forTest] = response.body.tee();
      new Response(forTest).text().then(
        (body) => (answer.body = body),
        () => (answer.body = ''),
      );
      return new Response(forPage, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  }, RECORDED_PATHS);
}

/**
 * The data of the last answer to `path` the page has received since it was loaded (see
 * recordAnswers), once the answer has ended.
 */
export async function lastAnswer<Data>(page: Page, path: string, timeoutMs: number): Promise<Data> {
  const body = await page.waitForFunction(
    (answerPath) => {
      const answers = (
        window as unknown as { recordedAnswers?: { path: string; body: string | null }[] }
      ).recordedAnswers;
      const last = answers?.filter((answer) => answer.path === answerPath).at(-1);
      return last?.body ?? false;
    },
    path,
    { timeout: timeoutMs },
  );
  return finalAnswer<Data>(String(await body.jsonValue())).data ?? ({} as Data);
}

/** A writer's report of its last answer (lastAnswer). */
export function lastWriterAnswer(
  page: Page,
  path: string,
  timeoutMs: number,
): Promise<DraftReport> {
  return lastAnswer<DraftReport>(page, path, timeoutMs);
}

/** The result panel title the page must show over a finished text with this report. */
export function expectedTitle(report: DraftReport, successTitle: string): string {
  if (report.cutOffAtTimeLimit) return WRITER_MESSAGES.cutOffAtTimeLimit;
  if (report.problems && report.problems.length > 0) return WRITER_MESSAGES.draftWithProblems;
  return successTitle;
}

/**
 * The finished text's panel says what the writer reported: the success title only for a whole
 * text without problems; otherwise the draft's title, the problems with a Retry, and the partial
 * draft note of a text the time limit cut off. Either way the text arrives with focus on its title,
 * which is its one announcement (issue 22): the "ready" line stays for a visitor who had moved on.
 */
export async function expectDraftShown(
  page: Page,
  report: DraftReport,
  { successTitle, readyMessage }: { successTitle: string; readyMessage: string },
): Promise<void> {
  const title = expectedTitle(report, successTitle);
  const heading = page.getByRole('heading', { level: 2, name: title, exact: true });
  await expectVisible(heading);
  await page.waitForFunction(
    (name) =>
      document.activeElement?.tagName === 'H2' && document.activeElement.textContent === name,
    title,
  );
  const ready = page.getByText(readyMessage, { exact: true });
  assert.equal(await ready.count(), 0, `"${readyMessage}" besides the focused title`);
  if (title === successTitle) return;
  assert.equal(await page.getByRole('heading', { name: successTitle, exact: true }).count(), 0);
  if (report.problems && report.problems.length > 0) {
    await expectVisible(page.getByText(WRITER_MESSAGES.draftHasProblems(report.problems)));
    await expectVisible(page.getByRole('button', { name: WRITER_MESSAGES.retry, exact: true }));
  }
  if (report.cutOffAtTimeLimit)
    await expectVisible(page.getByText(WRITER_MESSAGES.partialDraftNote));
}
