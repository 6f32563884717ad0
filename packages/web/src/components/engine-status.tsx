import {
  type Capability,
  type EngineStatus as EngineStatusValue,
  type EngineTier,
  ENGINE_TEXTS,
  PAGE_TEXTS,
} from '@ai-tools/contracts';

/**
 * Who does the work, in plain words, by capability and tier. The writers have no classic tier;
 * 'none' is never ready, so its words are the not-ready notice instead.
 */
const ENGINE_LINES: Record<Capability, Partial<Record<EngineTier, string>>> = {
  text: { neural: ENGINE_TEXTS.textNeural, api: ENGINE_TEXTS.textApi },
  speech: {
    neural: ENGINE_TEXTS.speechNeural,
    classic: ENGINE_TEXTS.speechClassic,
    api: ENGINE_TEXTS.speechApi,
  },
  transcription: {
    neural: ENGINE_TEXTS.transcriptionNeural,
    classic: ENGINE_TEXTS.transcriptionClassic,
    api: ENGINE_TEXTS.transcriptionApi,
  },
};

/** The plain words for one capability's engine; the engine's own name where none fit. */
export function engineLine(capability: Capability, engine: EngineStatusValue): string {
  return ENGINE_LINES[capability][engine.tier] ?? ENGINE_TEXTS.engineName(engine.engine);
}

/** The server's detail quotes commands and settings in backticks: show them as code. */
function withCommands(detail: string) {
  return detail
    .split('`')
    .map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}

interface EngineStatusProps {
  capability: Capability;
  engine: EngineStatusValue | undefined;
  loading: boolean;
  error: string | null;
}

/**
 * Which engine serves this tool. When it is not ready the notice comes first on the page, with the
 * server's own instructions, before the visitor fills the form.
 */
export function EngineStatus({ capability, engine, loading, error }: EngineStatusProps) {
  if (engine && !engine.ready) {
    return (
      <div className="engine-status engine-status--blocked" role="alert">
        <p className="engine-status__title">{PAGE_TEXTS.engineNotReady}</p>
        {engine.detail ? (
          <p className="engine-status__detail">{withCommands(engine.detail)}</p>
        ) : null}
      </div>
    );
  }
  if (engine) {
    // The engine's own name (a model file) means little to a visitor: it is the line's tooltip,
    // and the About page lists it with the others.
    return (
      <p className="engine-status" title={ENGINE_TEXTS.engineName(engine.engine)}>
        <span className="engine-status__dot" aria-hidden="true" />
        {engineLine(capability, engine)}
      </p>
    );
  }
  if (error) return <p className="engine-status engine-status--unknown">{error}</p>;
  if (loading)
    return <p className="engine-status engine-status--unknown">{ENGINE_TEXTS.checking}</p>;
  return null;
}
