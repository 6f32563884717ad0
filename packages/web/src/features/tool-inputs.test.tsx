/**
 * Issue 22: a visitor never loses their work. Each tool page keeps its inputs for the visit (going
 * to another page and back, a reload), and a paste over a field's limit says what was cut.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DURATIONS,
  LIMITS,
  PAGE_TEXTS,
  PLATFORMS,
  SCRIPT_TOPICS,
  STORY_LANGUAGES,
  STORY_THEMES,
  STORY_TONES,
} from '@ai-tools/contracts';
import type { ReactElement } from 'react';
import { makeStore } from '../app/store.ts';
import { READY_HEALTH, renderWithStore, stubApi } from '../lib/test-helpers.tsx';
import { BlogPage } from './blog/blog-page.tsx';
import { ContactForm } from './contact/contact-form.tsx';
import { StoryPage } from './story/story-page.tsx';
import { TextToSpeechPage } from './text-to-speech/text-to-speech-page.tsx';
import { VideoScriptPage } from './video-script/video-script-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function readyStore() {
  return makeStore({
    engines: { engines: READY_HEALTH.engines, loading: false, loaded: true, error: null },
  });
}

/** The visitor leaves the page (to the FAQ, say) and comes back: a new page, the same visit. */
function leaveAndComeBack(page: ReactElement) {
  cleanup();
  renderWithStore(page, readyStore());
}

/** Sentences of words, `length` characters long: what a visitor pastes. */
function sentences(length: number): string {
  const sentence = 'The quick brown fox jumps over the lazy dog. ';
  return sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length);
}

describe('the inputs are kept for the visit', () => {
  beforeEach(() => {
    stubApi({});
  });

  it('text to speech keeps the text, voice, speed and format, and Clear empties the text', async () => {
    const user = userEvent.setup();
    renderWithStore(<TextToSpeechPage />, readyStore());
    await user.type(screen.getByLabelText('Text'), 'Hello there');
    await user.selectOptions(screen.getByLabelText('Voice'), 'nova');
    await user.selectOptions(screen.getByLabelText('Speed'), '1.5x');
    await user.selectOptions(screen.getByLabelText('Output Format'), 'WAV');

    leaveAndComeBack(<TextToSpeechPage />);
    expect(screen.getByLabelText('Text')).toHaveValue('Hello there');
    expect(screen.getByLabelText('Voice')).toHaveValue('nova');
    expect(screen.getByLabelText('Speed')).toHaveValue('1.5');
    expect(screen.getByLabelText('Output Format')).toHaveValue('wav');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    leaveAndComeBack(<TextToSpeechPage />);
    expect(screen.getByLabelText('Text')).toHaveValue('');
  });

  it('the blog keeps its topic and keywords', async () => {
    const user = userEvent.setup();
    renderWithStore(<BlogPage />, readyStore());
    await user.type(screen.getByLabelText('Topic'), 'Sleep better');
    await user.type(screen.getByLabelText('Keywords'), 'sleep, rest');

    leaveAndComeBack(<BlogPage />);
    expect(screen.getByLabelText('Topic')).toHaveValue('Sleep better');
    expect(screen.getByLabelText('Keywords')).toHaveValue('sleep, rest');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    leaveAndComeBack(<BlogPage />);
    expect(screen.getByLabelText('Topic')).toHaveValue('');
    expect(screen.getByLabelText('Keywords')).toHaveValue('');
  });

  it('the video script keeps its topic, platform, duration and idea', async () => {
    const user = userEvent.setup();
    renderWithStore(<VideoScriptPage />, readyStore());
    await user.selectOptions(screen.getByLabelText('Topic'), SCRIPT_TOPICS[4].name);
    await user.selectOptions(screen.getByLabelText('Platform'), PLATFORMS[2]);
    await user.selectOptions(screen.getByLabelText('Duration in Min'), String(DURATIONS[3]));
    await user.type(screen.getByLabelText('Additional Info'), 'A phone that charges by sunlight');

    leaveAndComeBack(<VideoScriptPage />);
    expect(screen.getByLabelText('Topic')).toHaveValue(SCRIPT_TOPICS[4].name);
    expect(screen.getByLabelText('Platform')).toHaveValue(PLATFORMS[2]);
    expect(screen.getByLabelText('Duration in Min')).toHaveValue(String(DURATIONS[3]));
    expect(screen.getByLabelText('Additional Info')).toHaveValue(
      'A phone that charges by sunlight',
    );
  });

  it('the story keeps every choice and the own idea, and the idea stays the visitor’s', async () => {
    const user = userEvent.setup();
    renderWithStore(<StoryPage />, readyStore());
    await user.selectOptions(screen.getByLabelText('Language'), STORY_LANGUAGES[19]);
    await user.selectOptions(screen.getByLabelText('Tone Type'), STORY_TONES[3]);
    await user.selectOptions(screen.getByLabelText('Topic Type'), STORY_THEMES[2]);
    const info = screen.getByLabelText('Additional Topic Information');
    await user.clear(info);
    await user.type(info, 'A kite that cannot fly');

    leaveAndComeBack(<StoryPage />);
    expect(screen.getByLabelText('Language')).toHaveValue(STORY_LANGUAGES[19]);
    expect(screen.getByLabelText('Tone Type')).toHaveValue(STORY_TONES[3]);
    expect(screen.getByLabelText('Topic Type')).toHaveValue(STORY_THEMES[2]);
    expect(screen.getByLabelText('Additional Topic Information')).toHaveValue(
      'A kite that cannot fly',
    );
    // The visitor edited the idea by hand before leaving: a new theme must not overwrite it.
    await user.selectOptions(screen.getByLabelText('Topic Type'), STORY_THEMES[5]);
    expect(screen.getByLabelText('Additional Topic Information')).toHaveValue(
      'A kite that cannot fly',
    );
  });
});

describe('a paste over a limit says what was cut', () => {
  beforeEach(() => {
    stubApi({});
  });

  it('text to speech keeps whole words up to 5,000 characters and says how many were left out', async () => {
    const user = userEvent.setup();
    renderWithStore(<TextToSpeechPage />, readyStore());
    const pasted = sentences(6120);
    await user.click(screen.getByLabelText('Text'));
    await user.paste(pasted);

    const kept = screen.getByLabelText<HTMLTextAreaElement>('Text').value;
    expect(kept.length).toBeLessThanOrEqual(LIMITS.textToSpeechMaxCharacters);
    expect(pasted.startsWith(kept)).toBe(true);
    // Cut between words: what follows the kept text starts a new word.
    expect(pasted.slice(kept.length)).toMatch(/^\s/);
    expect(kept.length).toBeGreaterThan(LIMITS.textToSpeechMaxCharacters - 10);
    expect(
      screen.getByText(
        `Your text was 6,120 characters; the last ${(6120 - kept.length).toLocaleString('en-US')} were left out (the limit is 5,000).`,
      ),
    ).toBeInTheDocument();
    expect(PAGE_TEXTS.pastedTextCut(6120, 1120, 5000)).toBe(
      'Your text was 6,120 characters; the last 1,120 were left out (the limit is 5,000).',
    );

    // A paste that fits says nothing; Clear takes the note away with the text.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText(/left out/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Text'));
    await user.paste('A short text.');
    expect(screen.getByLabelText('Text')).toHaveValue('A short text.');
    expect(screen.queryByText(/left out/)).not.toBeInTheDocument();
  });

  it('counts the text already in the field, and a one-line field gets spaces for line breaks', async () => {
    const user = userEvent.setup();
    renderWithStore(<BlogPage />, readyStore());
    const topic = screen.getByLabelText('Topic');
    await user.type(topic, 'Ideas: ');
    await user.paste('Morning\nroutines '.repeat(20));

    const kept = (topic as HTMLInputElement).value;
    expect(kept.length).toBeLessThanOrEqual(LIMITS.blogTopicMaxLength);
    expect(kept).toMatch(/^Ideas: Morning routines Morning routines/);
    expect(kept).toMatch(/(Morning|routines)$/);
    expect(
      screen.getByText(
        /^Your text was 347 characters; the last \d+ were left out \(the limit is 200\)\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('the writers’ own idea fields say so too', async () => {
    const user = userEvent.setup();
    renderWithStore(<VideoScriptPage />, readyStore());
    await user.click(screen.getByLabelText('Additional Info'));
    await user.paste(sentences(1500));
    expect(
      screen.getByLabelText<HTMLTextAreaElement>('Additional Info').value.length,
    ).toBeLessThanOrEqual(LIMITS.additionalInfoMaxLength);
    expect(
      screen.getByText(
        /^Your text was 1,500 characters; the last \d+ were left out \(the limit is 1,000\)\.$/,
      ),
    ).toBeInTheDocument();

    cleanup();
    renderWithStore(<StoryPage />, readyStore());
    const info = screen.getByLabelText('Additional Topic Information');
    await user.clear(info);
    await user.paste(sentences(1500));
    expect((info as HTMLTextAreaElement).value.length).toBeLessThanOrEqual(
      LIMITS.additionalInfoMaxLength,
    );
    expect(screen.getByText(/^Your text was 1,500 characters;/)).toBeInTheDocument();
  });

  it('the contact form’s name, subject and message say so too', async () => {
    const user = userEvent.setup();
    renderWithStore(<ContactForm />, readyStore());
    await user.click(screen.getByLabelText('Message'));
    await user.paste(sentences(5200));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value.length).toBeLessThanOrEqual(
      LIMITS.contactMessageMaxLength,
    );
    expect(
      screen.getByText(
        /^Your text was 5,200 characters; the last \d+ were left out \(the limit is 5,000\)\.$/,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByLabelText('Subject'));
    await user.paste(sentences(250));
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value.length).toBeLessThanOrEqual(
      LIMITS.contactSubjectMaxLength,
    );
    expect(
      screen.getByText(/^Your text was 250 characters; .* \(the limit is 200\)\.$/),
    ).toBeInTheDocument();
    await user.click(screen.getByLabelText('Name'));
    await user.paste(sentences(120));
    expect(
      screen.getByText(/^Your text was 120 characters; .* \(the limit is 100\)\.$/),
    ).toBeInTheDocument();
  });
});
