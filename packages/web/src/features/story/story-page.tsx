import type { FormEvent } from 'react';
import {
  DOWNLOADS,
  LIMITS,
  STORY_AUDIENCES,
  STORY_CUSTOM_THEME,
  STORY_LANGUAGES,
  STORY_LENGTHS,
  STORY_THEMES,
  STORY_TONES,
  STORY_TYPES,
  TIMINGS,
  TOOL_CAPABILITY,
  type StoryAudience,
  type StoryLanguage,
  type StoryLength,
  type StoryTheme,
  type StoryTone,
  type StoryType,
  STORY_MESSAGES,
  WRITER_MESSAGES,
  STORY_TOOL,
} from '@ai-tools/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { PageHead } from '../../components/page-head.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { WriterResult } from '../../components/writer-result.tsx';
import { ErrorLine } from '../../components/error-line.tsx';
import { PastedTextNote } from '../../components/pasted-text-note.tsx';
import { EngineStatus } from '../../components/engine-status.tsx';
import { ToolActions } from '../../components/tool-actions.tsx';
import { WorkingIndicator } from '../../components/working-indicator.tsx';
import { WriterStreamNote } from '../../components/writer-stream-note.tsx';
import { SpokenAudioPanel } from '../../components/spoken-audio-panel.tsx';
import { estimateWritingSeconds } from '../../lib/estimates.ts';
import { useEngineStatus } from '../../lib/use-engine-status.ts';
import { useResultInView } from '../../lib/use-result-in-view.ts';
import { useTimedFlag } from '../../lib/use-timed-flag.ts';
import { isOneOf, useKeptState } from '../../lib/use-kept-state.ts';
import { usePastedTextLimit } from '../../lib/pasted-text-limit.ts';
import { draftStanding, isPartialDraft } from '../../lib/writer-stream.ts';
import { clearStory, generateStory, retryStory, selectStory, stopStory } from './story-slice.ts';
import { storyAudio } from './story-audio-slice.ts';
import '../../components/tools.css';

/**
 * The text the Topic Type dropdown writes into Additional Topic Information. The visitor's own
 * theme starts empty: it is theirs to write.
 */
function additionalInfoForTheme(theme: StoryTheme): string {
  return theme === STORY_CUSTOM_THEME ? '' : theme;
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function StoryPage() {
  const dispatch = useAppDispatch();
  const storyState = useAppSelector(selectStory);
  const { story, loading, error, partialText, queue, step, textSinceStep, stopped, problems } =
    storyState;
  const standing = draftStanding(storyState, story);
  const partial = isPartialDraft(standing);
  const listening = useAppSelector(storyAudio.select);
  const speechStatus = useEngineStatus(TOOL_CAPABILITY['text-to-speech']);
  // While the story is being written the page shows it as it grows.
  const shownStory = loading ? partialText : story;
  const engineStatus = useEngineStatus(TOOL_CAPABILITY['stroy-speech']);
  const resultView = useResultInView(loading, standing !== null && !error);

  const [language, setLanguage] = useKeptState<StoryLanguage>(
    'story.language',
    STORY_LANGUAGES[0],
    isOneOf(STORY_LANGUAGES),
  );
  // Said before the visitor generates: the model's weak languages (issue 21) are measured, not guessed.
  const writesPoorly = engineStatus.engine?.weakLanguages?.includes(language) === true;
  const [storyType, setStoryType] = useKeptState<StoryType>(
    'story.type',
    STORY_TYPES[0],
    isOneOf(STORY_TYPES),
  );
  const [audience, setAudience] = useKeptState<StoryAudience>(
    'story.audience',
    STORY_AUDIENCES[0],
    isOneOf(STORY_AUDIENCES),
  );
  const [topic, setTopic] = useKeptState<StoryTheme>(
    'story.topic',
    STORY_THEMES[0],
    isOneOf(STORY_THEMES),
  );
  const [tone, setTone] = useKeptState<StoryTone>(
    'story.tone',
    STORY_TONES[0],
    isOneOf(STORY_TONES),
  );
  const [storyLength, setStoryLength] = useKeptState<StoryLength>(
    'story.length',
    STORY_LENGTHS[0],
    isOneOf(STORY_LENGTHS),
  );
  const [additionalInfo, setAdditionalInfo] = useKeptState(
    'story.additional-info',
    additionalInfoForTheme(STORY_THEMES[0]),
  );
  // docs/product.md section 4: the Topic Type fills the text until the visitor edits it by hand.
  const [autoFill, setAutoFill] = useKeptState('story.auto-fill', true);
  const additionalInfoPaste = usePastedTextLimit(
    LIMITS.additionalInfoMaxLength,
    additionalInfo,
    (value) => handleAdditionalInfoChange(value),
  );
  const [copied, showCopied, resetCopied] = useTimedFlag(TIMINGS.noticeMs);

  const handleTopicChange = (theme: StoryTheme) => {
    setTopic(theme);
    if (autoFill) setAdditionalInfo(additionalInfoForTheme(theme));
  };

  const handleAdditionalInfoChange = (value: string) => {
    setAdditionalInfo(value);
    setAutoFill(false);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const required = [language, storyType, audience, tone, topic, storyLength];
    if (!required.every(Boolean)) {
      window.alert(STORY_MESSAGES.fillAllRequiredFields);
      return;
    }
    // The audio belongs to the story it was made from.
    dispatch(storyAudio.clearAudio());
    void dispatch(
      generateStory({ language, storyType, audience, tone, topic, storyLength, additionalInfo }),
    );
  };

  const handleRetry = () => {
    dispatch(storyAudio.clearAudio());
    void dispatch(retryStory());
  };

  const handleClear = () => {
    dispatch(clearStory());
    dispatch(storyAudio.clearAudio());
    setLanguage(STORY_LANGUAGES[0]);
    setStoryType(STORY_TYPES[0]);
    setAudience(STORY_AUDIENCES[0]);
    setTopic(STORY_THEMES[0]);
    setTone(STORY_TONES[0]);
    setStoryLength(STORY_LENGTHS[0]);
    setAdditionalInfo(additionalInfoForTheme(STORY_THEMES[0]));
    setAutoFill(true);
    resetCopied();
  };

  return (
    <div className="container tool-page">
      <PageHead {...STORY_TOOL.page} />
      <header className="tool-page__intro">
        <h1>Story Writer</h1>
        <p>
          Choose a language, a type, an audience, a theme, a tone and a length, or describe your own
          idea, and get an original story.
        </p>
        <EngineStatus {...engineStatus} />
      </header>

      <form className="card tool-form" onSubmit={handleSubmit} noValidate>
        <div className="tool-fields tool-fields--three">
          <SelectField
            id="story-language"
            label="Language"
            value={language}
            options={STORY_LANGUAGES}
            onChange={setLanguage}
            required
          />
          <SelectField
            id="story-type"
            label="Story Type"
            value={storyType}
            options={STORY_TYPES}
            onChange={setStoryType}
            formatOption={capitalize}
            required
          />
          <SelectField
            id="story-audience"
            label="Audience"
            value={audience}
            options={STORY_AUDIENCES}
            onChange={setAudience}
            formatOption={capitalize}
            required
          />
          <SelectField
            id="story-topic"
            label="Topic Type"
            value={topic}
            options={STORY_THEMES}
            onChange={handleTopicChange}
            required
          />
          <SelectField
            id="story-tone"
            label="Tone Type"
            value={tone}
            options={STORY_TONES}
            onChange={setTone}
            formatOption={capitalize}
            required
          />
          <SelectField
            id="story-length"
            label="Story Length"
            value={storyLength}
            options={STORY_LENGTHS}
            onChange={setStoryLength}
            formatOption={(words) => `${words} words`}
            required
          />
        </div>
        {writesPoorly ? (
          <p className="tool-note" data-testid="weak-language">
            {STORY_MESSAGES.weakLanguage(language)}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="story-additional-info">Additional Topic Information</label>
          <textarea
            id="story-additional-info"
            rows={4}
            placeholder="Describe your own idea: characters, place, what happens…"
            value={additionalInfo}
            maxLength={LIMITS.additionalInfoMaxLength}
            onChange={(event) => handleAdditionalInfoChange(event.target.value)}
            onPaste={additionalInfoPaste.onPaste}
          />
          <PastedTextNote note={additionalInfoPaste.note} />
        </div>
        <ToolActions
          loading={loading}
          disabled={engineStatus.blocked}
          onClear={handleClear}
          onStop={() => dispatch(stopStory())}
          generateLabel="Generate Story"
        />
        <WorkingIndicator
          running={loading}
          queue={queue}
          label="Writing your story"
          estimateSeconds={storyState.estimatedRunSeconds ?? estimateWritingSeconds(storyLength)}
          finishedMessage={
            resultView.announceReady && standing === 'whole' && !error
              ? 'Your story is ready below.'
              : undefined
          }
        />
        <WriterStreamNote step={step} textSinceStep={textSinceStep} stopped={stopped} />
      </form>

      {shownStory ? (
        <WriterResult
          panelId="story"
          successTitle="Your Story has been generated"
          shownText={shownStory}
          finishedText={story}
          loading={loading}
          standing={standing}
          problems={problems}
          view={resultView}
          copied={copied}
          onCopied={showCopied}
          onRetry={handleRetry}
        />
      ) : null}
      <ErrorLine message={error} />
      {story && !loading && !speechStatus.blocked ? (
        <SpokenAudioPanel
          id="story-listen"
          title="Listen"
          actionLabel="Listen"
          description={STORY_MESSAGES.listen}
          note={partial ? WRITER_MESSAGES.partialDraftNote : undefined}
          language={storyState.language ?? undefined}
          text={story}
          fileBaseName={DOWNLOADS.storyAudioBaseName}
          state={listening}
          {...storyAudio.panelActions(dispatch)}
        />
      ) : null}
    </div>
  );
}

/** The page app/routes.tsx shows at the tool descriptor's path (ADR 054). */
export default StoryPage;
