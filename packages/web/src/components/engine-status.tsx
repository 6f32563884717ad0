import { type EngineStatus as EngineStatusValue, PAGE_TEXTS } from '@ai-tools/contracts';

const TIER_NAMES: Record<EngineStatusValue['tier'], string> = {
  neural: 'neural model on this server',
  classic: 'classic engine on this server',
  api: 'AI service',
  none: 'not configured',
};

/** The server's detail quotes commands and settings in backticks: show them as code. */
function withCommands(detail: string) {
  return detail
    .split('`')
    .map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}

interface EngineStatusProps {
  engine: EngineStatusValue | undefined;
  loading: boolean;
  error: string | null;
}

/**
 * Which engine serves this tool. When it is not ready the notice comes first on the page, with the
 * server's own instructions, before the visitor fills the form.
 */
export function EngineStatus({ engine, loading, error }: EngineStatusProps) {
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
    return (
      <p className="engine-status">
        <span className="engine-status__dot" aria-hidden="true" />
        Runs on <strong>{engine.engine}</strong> ({TIER_NAMES[engine.tier]})
      </p>
    );
  }
  if (error) return <p className="engine-status engine-status--unknown">{error}</p>;
  if (loading)
    return <p className="engine-status engine-status--unknown">Checking the AI engine…</p>;
  return null;
}
