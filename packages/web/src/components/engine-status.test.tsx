import { render, screen } from '@testing-library/react';
import {
  ENGINE_TEXTS,
  PAGE_TEXTS,
  type Capability,
  type EngineStatus as EngineStatusValue,
} from '@ai-tools/contracts';
import { EngineStatus } from './engine-status.tsx';

const MODEL_FILE = 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf';

function renderLine(capability: Capability, engine: EngineStatusValue) {
  render(<EngineStatus capability={capability} engine={engine} loading={false} error={null} />);
}

describe('the engine line', () => {
  it.each([
    ['text', 'neural', 'Written by a local AI model on this server'],
    ['speech', 'neural', 'Spoken by a local AI voice on this server'],
    ['transcription', 'neural', 'Transcribed by a local AI model on this server'],
    ['speech', 'classic', 'Spoken by a classic speech synthesizer on this server'],
    ['transcription', 'classic', 'Transcribed by a classic speech recognizer on this server'],
    ['text', 'api', 'Written by an outside AI service'],
    ['speech', 'api', 'Spoken by an outside AI service'],
    ['transcription', 'api', 'Transcribed by an outside AI service'],
  ] as const)('%s on the %s tier reads "%s"', (capability, tier, words) => {
    renderLine(capability, { engine: MODEL_FILE, tier, ready: true });
    const line = screen.getByText(words);
    expect(line).toHaveTextContent(new RegExp(`^${words}$`));
  });

  it('names the engine only in its tooltip, not in the line', () => {
    renderLine('text', { engine: MODEL_FILE, tier: 'neural', ready: true });
    const line = screen.getByText(ENGINE_TEXTS.textNeural);
    expect(line).toHaveAttribute('title', `Engine: ${MODEL_FILE}`);
    expect(line).not.toHaveTextContent(MODEL_FILE);
    expect(line).not.toHaveTextContent(/Runs on|neural model/);
  });

  it('still leads with the not-ready notice and its instructions', () => {
    renderLine('text', {
      engine: 'none',
      tier: 'none',
      ready: false,
      detail: 'Run `npm run models` first.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(PAGE_TEXTS.engineNotReady);
    expect(screen.getByText('npm run models')).toContainHTML('npm run models');
  });

  it('says it is checking while the answer is on its way', () => {
    render(<EngineStatus capability="speech" engine={undefined} loading error={null} />);
    expect(screen.getByText(ENGINE_TEXTS.checking)).toBeInTheDocument();
  });
});
