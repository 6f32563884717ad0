import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { API_PATHS, ENGINE_TEXTS, type HealthResponse } from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
import { jsonResponse, stubApi } from '../../lib/test-helpers.tsx';
import { AboutPage } from './about-page.tsx';

const HEALTH: HealthResponse = {
  status: 'ok',
  engines: {
    speech: { engine: 'Kokoro-82M v1.0 (ONNX)', tier: 'neural', ready: true },
    transcription: { engine: 'Whisper base (ONNX)', tier: 'neural', ready: true },
    text: { engine: 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf', tier: 'neural', ready: true },
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('About page', () => {
  it('names the engine behind each tool, where the tool pages only say it in plain words', async () => {
    stubApi({ [API_PATHS.health]: () => jsonResponse(HEALTH) });
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <AboutPage />
        </MemoryRouter>
      </Provider>,
    );
    const section = screen
      .getByRole('heading', { level: 2, name: 'The AI behind the tools' })
      .closest('section')!;
    const writers = await within(section).findByText(
      `${ENGINE_TEXTS.textNeural}. Engine: qwen2.5-coder-1.5b-instruct-q4_k_m.gguf`,
    );
    expect(writers.previousElementSibling).toHaveTextContent(
      'Video scripts, blog posts, stories and product descriptions',
    );
    expect(
      within(section).getByText(`${ENGINE_TEXTS.speechNeural}. Engine: Kokoro-82M v1.0 (ONNX)`),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(`${ENGINE_TEXTS.transcriptionNeural}. Engine: Whisper base (ONNX)`),
    ).toBeInTheDocument();
  });
});
