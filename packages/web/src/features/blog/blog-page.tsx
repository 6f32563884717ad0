import { useState, type FormEvent } from 'react';
import {
  BLOG_MESSAGES,
  blogRequestSchema,
  DOWNLOADS,
  LIMITS,
  TIMINGS,
  TOOL_CAPABILITY,
  WRITER_MESSAGES,
  BLOG_TOOL,
} from '@ai-tools/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { PageHead } from '../../components/page-head.tsx';
import { WriterResult } from '../../components/writer-result.tsx';
import { ErrorLine } from '../../components/error-line.tsx';
import { PastedTextNote } from '../../components/pasted-text-note.tsx';
import { EngineStatus } from '../../components/engine-status.tsx';
import { ToolActions } from '../../components/tool-actions.tsx';
import { WorkingIndicator } from '../../components/working-indicator.tsx';
import { WriterStreamNote } from '../../components/writer-stream-note.tsx';
import { SpokenAudioPanel } from '../../components/spoken-audio-panel.tsx';
import { estimateWritingSeconds, TYPICAL_BLOG_WORDS } from '../../lib/estimates.ts';
import { useEngineStatus } from '../../lib/use-engine-status.ts';
import { useResultInView } from '../../lib/use-result-in-view.ts';
import { useTimedFlag } from '../../lib/use-timed-flag.ts';
import { useKeptState } from '../../lib/use-kept-state.ts';
import { usePastedTextLimit } from '../../lib/pasted-text-limit.ts';
import { draftStanding, isPartialDraft } from '../../lib/writer-stream.ts';
import { clearBlog, generateBlog, retryBlog, selectBlog, stopBlog } from './blog-slice.ts';
import { blogAudio } from './blog-audio-slice.ts';
import '../../components/tools.css';

/** The keyword field as a list: split at commas, trimmed, blanks and repeats left out. */
function keywordList(text: string): string[] {
  const keywords = text.split(',').map((keyword) => keyword.trim());
  return [...new Set(keywords.filter(Boolean))];
}

export function BlogPage() {
  const dispatch = useAppDispatch();
  const blog = useAppSelector(selectBlog);
  const {
    blogContent,
    loading,
    error,
    message,
    partialText,
    queue,
    step,
    textSinceStep,
    stopped,
    problems,
  } = blog;
  const standing = draftStanding(blog, blogContent);
  const partial = isPartialDraft(standing);
  // While the post is being written the page shows it as it grows.
  const shownContent = loading ? partialText : blogContent;
  const engineStatus = useEngineStatus(TOOL_CAPABILITY['blog-text']);
  const resultView = useResultInView(loading, standing !== null && !error);
  const listening = useAppSelector(blogAudio.select);
  const speechStatus = useEngineStatus(TOOL_CAPABILITY['text-to-speech']);

  const [topic, setTopic] = useKeptState('blog.topic', '');
  const [keywords, setKeywords] = useKeptState('blog.keywords', '');
  const topicPaste = usePastedTextLimit(LIMITS.blogTopicMaxLength, topic, setTopic);
  const [keywordsError, setKeywordsError] = useState<string | null>(null);
  const [copied, showCopied, resetCopied] = useTimedFlag(TIMINGS.noticeMs);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = topic.trim();
    // docs/product.md section 5: Generate does nothing when the topic is blank after trimming.
    if (!trimmed) return;
    const chosenKeywords = keywordList(keywords);
    // The contract's own schema checks the keywords, so the page refuses exactly what the API
    // would. Without keywords the request is docs/product.md's own: the topic alone.
    const request = blogRequestSchema.safeParse({
      topic: trimmed,
      keywords: chosenKeywords.length > 0 ? chosenKeywords : undefined,
    });
    if (!request.success) {
      setKeywordsError(request.error.issues[0]?.message ?? BLOG_MESSAGES.keywordsInvalid);
      return;
    }
    setKeywordsError(null);
    // The audio belongs to the post it was made from.
    dispatch(blogAudio.clearAudio());
    void dispatch(generateBlog(request.data));
  };

  const handleRetry = () => {
    dispatch(blogAudio.clearAudio());
    void dispatch(retryBlog());
  };

  const handleClear = () => {
    dispatch(clearBlog());
    dispatch(blogAudio.clearAudio());
    setTopic('');
    setKeywords('');
    setKeywordsError(null);
    resetCopied();
  };

  return (
    <div className="container tool-page">
      <PageHead {...BLOG_TOOL.page} />
      <header className="tool-page__intro">
        <h1>Write Stunning Blogs Instantly Using AI</h1>
        <p>
          Give a topic and get an SEO-friendly post with a title, headings, bullet points and a meta
          description, ready to copy.
        </p>
        <EngineStatus {...engineStatus} />
      </header>

      <form className="card tool-form" onSubmit={handleSubmit} noValidate>
        <div className="field">
          <label htmlFor="blog-topic">Topic</label>
          <input
            id="blog-topic"
            type="text"
            placeholder="Enter your blog topic"
            value={topic}
            maxLength={LIMITS.blogTopicMaxLength}
            onChange={(event) => setTopic(event.target.value)}
            onPaste={topicPaste.onPaste}
            aria-describedby="blog-topic-hint"
          />
          <PastedTextNote note={topicPaste.note} />
          <p id="blog-topic-hint" className="tool-hint">
            For example: How to boost your productivity with AI tools
          </p>
        </div>
        <div className="field">
          <label htmlFor="blog-keywords">Keywords</label>
          <input
            id="blog-keywords"
            type="text"
            placeholder="e.g. AI tools, productivity, time management"
            value={keywords}
            onChange={(event) => {
              setKeywords(event.target.value);
              setKeywordsError(null);
            }}
            aria-describedby={
              keywordsError ? 'blog-keywords-hint blog-keywords-error' : 'blog-keywords-hint'
            }
            aria-invalid={keywordsError ? true : undefined}
          />
          <p id="blog-keywords-hint" className="tool-hint">
            {BLOG_MESSAGES.keywordsHint}
          </p>
          {keywordsError ? (
            // An alert announces itself as it appears; the page's error line stays the one live region.
            <p id="blog-keywords-error" className="form-error" role="alert">
              {keywordsError}
            </p>
          ) : null}
        </div>
        <ToolActions
          loading={loading}
          disabled={engineStatus.blocked}
          onClear={handleClear}
          onStop={() => dispatch(stopBlog())}
        />
        <WorkingIndicator
          running={loading}
          queue={queue}
          label="Writing your blog post"
          estimateSeconds={blog.estimatedRunSeconds ?? estimateWritingSeconds(TYPICAL_BLOG_WORDS)}
          finishedMessage={
            resultView.announceReady && standing === 'whole' && !error
              ? 'Your blog post is ready below.'
              : undefined
          }
        />
        <WriterStreamNote step={step} textSinceStep={textSinceStep} stopped={stopped} />
        <ErrorLine message={error} />
      </form>

      {shownContent ? (
        <WriterResult
          panelId="blog"
          successTitle="Your Blog has been generated"
          successMessage={message ?? undefined}
          shownText={shownContent}
          finishedText={blogContent}
          loading={loading}
          standing={standing}
          problems={problems}
          view={resultView}
          copied={copied}
          onCopied={showCopied}
          onRetry={handleRetry}
        />
      ) : null}
      {blogContent && !loading && !speechStatus.blocked ? (
        <SpokenAudioPanel
          id="blog-listen"
          title="Listen"
          actionLabel="Listen"
          description={BLOG_MESSAGES.listen}
          note={partial ? WRITER_MESSAGES.partialDraftNote : undefined}
          text={blogContent}
          fileBaseName={DOWNLOADS.blogAudioBaseName}
          state={listening}
          {...blogAudio.panelActions(dispatch)}
        />
      ) : null}
    </div>
  );
}

/** The page app/routes.tsx shows at the tool descriptor's path (ADR 054). */
export default BlogPage;
