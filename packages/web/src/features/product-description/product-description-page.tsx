import type { FormEvent } from 'react';
import {
  LIMITS,
  PRODUCT_AUDIENCES,
  PRODUCT_DESCRIPTION_MESSAGES,
  PRODUCT_DESCRIPTION_TOOL,
  PRODUCT_DESCRIPTION_WORDS,
  PRODUCT_TONES,
  TIMINGS,
  TOOL_CAPABILITY,
  type ProductAudience,
  type ProductTone,
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
import { estimateWritingSeconds } from '../../lib/estimates.ts';
import { useEngineStatus } from '../../lib/use-engine-status.ts';
import { useResultInView } from '../../lib/use-result-in-view.ts';
import { useTimedFlag } from '../../lib/use-timed-flag.ts';
import { isOneOf, useKeptState } from '../../lib/use-kept-state.ts';
import { usePastedTextLimit } from '../../lib/pasted-text-limit.ts';
import { draftStanding } from '../../lib/writer-stream.ts';
import {
  clearProductDescription,
  generateProductDescription,
  retryProductDescription,
  selectProductDescription,
  stopProductDescription,
} from './product-description-slice.ts';
import '../../components/tools.css';

export function ProductDescriptionPage() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectProductDescription);
  const {
    description,
    loading,
    error,
    partialText,
    queue,
    step,
    textSinceStep,
    stopped,
    problems,
  } = state;
  const standing = draftStanding(state, description);
  const shownText = loading ? partialText : description;
  const engineStatus = useEngineStatus(TOOL_CAPABILITY['product-description']);
  const resultView = useResultInView(loading, standing !== null && !error);

  const [productName, setProductName] = useKeptState('productDescription.productName', '');
  const [audience, setAudience] = useKeptState<ProductAudience>(
    'productDescription.audience',
    PRODUCT_AUDIENCES[0],
    isOneOf(PRODUCT_AUDIENCES),
  );
  const [tone, setTone] = useKeptState<ProductTone>(
    'productDescription.tone',
    PRODUCT_TONES[0],
    isOneOf(PRODUCT_TONES),
  );
  const namePaste = usePastedTextLimit(LIMITS.productNameMaxLength, productName, setProductName);
  const [copied, showCopied, resetCopied] = useTimedFlag(TIMINGS.noticeMs);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = productName.trim();
    // Like the other writers, Generate does nothing while the required field is blank.
    if (!trimmed) return;
    void dispatch(generateProductDescription({ productName: trimmed, audience, tone }));
  };

  const handleClear = () => {
    dispatch(clearProductDescription());
    setProductName('');
    setAudience(PRODUCT_AUDIENCES[0]);
    setTone(PRODUCT_TONES[0]);
    resetCopied();
  };

  return (
    <div className="container tool-page">
      <PageHead {...PRODUCT_DESCRIPTION_TOOL.page} />
      <header className="tool-page__intro">
        <h1>{PRODUCT_DESCRIPTION_TOOL.name}</h1>
        <p>{PRODUCT_DESCRIPTION_TOOL.card.description}</p>
        <EngineStatus {...engineStatus} />
      </header>

      <form className="card tool-form" onSubmit={handleSubmit} noValidate>
        <div className="field">
          <label htmlFor="product-name">{PRODUCT_DESCRIPTION_MESSAGES.productNameLabel}</label>
          <input
            id="product-name"
            type="text"
            placeholder={PRODUCT_DESCRIPTION_MESSAGES.productNamePlaceholder}
            value={productName}
            maxLength={LIMITS.productNameMaxLength}
            onChange={(event) => setProductName(event.target.value)}
            onPaste={namePaste.onPaste}
            required
          />
          <PastedTextNote note={namePaste.note} />
        </div>
        <SelectField
          id="product-audience"
          label={PRODUCT_DESCRIPTION_MESSAGES.audienceLabel}
          value={audience}
          options={PRODUCT_AUDIENCES}
          onChange={setAudience}
        />
        <SelectField
          id="product-tone"
          label={PRODUCT_DESCRIPTION_MESSAGES.toneLabel}
          value={tone}
          options={PRODUCT_TONES}
          onChange={setTone}
        />
        <ToolActions
          loading={loading}
          disabled={engineStatus.blocked}
          generateLabel={PRODUCT_DESCRIPTION_MESSAGES.generate}
          onClear={handleClear}
          onStop={() => dispatch(stopProductDescription())}
        />
        <WorkingIndicator
          running={loading}
          queue={queue}
          label={PRODUCT_DESCRIPTION_MESSAGES.writing}
          estimateSeconds={
            state.estimatedRunSeconds ?? estimateWritingSeconds(PRODUCT_DESCRIPTION_WORDS.highest)
          }
          finishedMessage={
            resultView.announceReady && standing === 'whole' && !error
              ? PRODUCT_DESCRIPTION_MESSAGES.ready
              : undefined
          }
        />
        <WriterStreamNote step={step} textSinceStep={textSinceStep} stopped={stopped} />
        <ErrorLine message={error} />
      </form>

      {shownText ? (
        <WriterResult
          panelId="product-description"
          successTitle={PRODUCT_DESCRIPTION_MESSAGES.resultTitle}
          successMessage={PRODUCT_DESCRIPTION_MESSAGES.generated}
          shownText={shownText}
          finishedText={description}
          loading={loading}
          standing={standing}
          problems={problems}
          view={resultView}
          copied={copied}
          onCopied={showCopied}
          onRetry={() => void dispatch(retryProductDescription())}
        />
      ) : null}
    </div>
  );
}

/** The page app/routes.tsx shows at the tool descriptor's path (ADR 054). */
export default ProductDescriptionPage;
