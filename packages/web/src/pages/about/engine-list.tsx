import { CAPABILITIES, type Capability, ENGINE_TEXTS } from '@ai-tools/contracts';
import { engineLine } from '../../components/engine-status.tsx';
import { useEngineStatus } from '../../lib/use-engine-status.ts';

/** What each capability serves, in the words the tool pages use. */
const CAPABILITY_TOOLS: Record<Capability, string> = {
  speech: 'Text to speech, and the writers’ Listen and Voice-over',
  transcription: 'Speech to text',
  text: 'Video scripts, blog posts, stories and product descriptions',
};

function EngineEntry({ capability }: { capability: Capability }) {
  const { engine } = useEngineStatus(capability);
  return (
    <div>
      <dt>{CAPABILITY_TOOLS[capability]}</dt>
      <dd>
        {engine?.ready ? `${engineLine(capability, engine)}. ` : null}
        {engine ? ENGINE_TEXTS.engineName(engine.engine) : ENGINE_TEXTS.checking}
      </dd>
    </div>
  );
}

/**
 * The engines behind the tools by name, for the visitor who wants the details the tool pages'
 * plain engine line leaves to its tooltip.
 */
export function EngineList() {
  return (
    <dl className="engine-list">
      {CAPABILITIES.map((capability) => (
        <EngineEntry key={capability} capability={capability} />
      ))}
    </dl>
  );
}
