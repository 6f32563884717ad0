import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAGE_TEXTS,
  PRODUCT_AUDIENCES,
  PRODUCT_DESCRIPTION_MESSAGES,
  PRODUCT_DESCRIPTION_TOOL,
  PRODUCT_TONES,
  WRITER_MESSAGES,
  WRITER_STREAM_EVENTS,
  type ProductDescriptionRequest,
} from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
import {
  callsTo,
  eventStream,
  jsonBody,
  jsonResponse,
  renderWithStore,
  serverSentEvent,
  stubApi,
} from '../../lib/test-helpers.tsx';
import {
  clearProductDescription,
  generateProductDescription,
} from './product-description-slice.ts';
import { ProductDescriptionPage } from './product-description-page.tsx';

const PATH = PRODUCT_DESCRIPTION_TOOL.apiPaths.generateProductDescription;
const REQUEST: ProductDescriptionRequest = {
  productName: 'Trail Shoes',
  audience: 'outdoor lovers',
  tone: 'friendly',
};
const DESCRIPTION =
  '# Trail Shoes: Run Further\n\nLight shoes for long days.\n\n- **Grip:** Holds on wet rock.';

/** The whole name at once: typing it key by key takes seconds on a loaded machine. */
function typeProductName(name: string) {
  fireEvent.change(screen.getByLabelText(PRODUCT_DESCRIPTION_MESSAGES.productNameLabel), {
    target: { value: name },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('product description slice', () => {
  it('stores the description, and Clear empties it', async () => {
    stubApi({
      [PATH]: () =>
        jsonResponse({ success: true, data: { description: DESCRIPTION, wordCount: 17 } }),
    });
    const store = makeStore();
    const pending = store.dispatch(generateProductDescription(REQUEST));
    expect(store.getState().productDescription).toMatchObject({ loading: true, error: null });
    await pending;
    expect(store.getState().productDescription).toMatchObject({
      loading: false,
      description: DESCRIPTION,
      error: null,
      problems: [],
    });
    store.dispatch(clearProductDescription());
    expect(store.getState().productDescription).toMatchObject({ description: '', error: null });
  });

  it("a failure stores the server's message", async () => {
    stubApi({ [PATH]: () => jsonResponse({ message: 'tone must be one of: friendly.' }, 400) });
    const store = makeStore();
    await store.dispatch(generateProductDescription(REQUEST));
    expect(store.getState().productDescription.error).toBe('tone must be one of: friendly.');
  });
});

describe('Product description page', () => {
  it('sends the name, audience and tone, shows the text as it streams, then the result', async () => {
    const stream = eventStream();
    const fetchMock = stubApi({ [PATH]: (init) => stream.respond(init) });
    renderWithStore(<ProductDescriptionPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: PRODUCT_DESCRIPTION_TOOL.name }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    typeProductName('  Trail Shoes ');
    await user.selectOptions(
      screen.getByLabelText(PRODUCT_DESCRIPTION_MESSAGES.audienceLabel),
      PRODUCT_AUDIENCES[7],
    );
    await user.selectOptions(
      screen.getByLabelText(PRODUCT_DESCRIPTION_MESSAGES.toneLabel),
      PRODUCT_TONES[0],
    );
    await user.click(screen.getByRole('button', { name: PRODUCT_DESCRIPTION_MESSAGES.generate }));
    await waitFor(() => expect(callsTo(fetchMock, PATH)).toHaveLength(1));
    expect(jsonBody(callsTo(fetchMock, PATH)[0]?.[1])).toEqual(REQUEST);

    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '# Trail Shoes: Run' }));
    expect(await screen.findByRole('heading', { name: 'Trail Shoes: Run' })).toBeInTheDocument();
    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.result, {
        success: true,
        data: { description: DESCRIPTION, wordCount: 17 },
      }),
    );
    stream.end();
    expect(await screen.findByText(PRODUCT_DESCRIPTION_MESSAGES.generated)).toBeInTheDocument();
    expect(screen.getByText('Holds on wet rock.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PAGE_TEXTS.copyToClipboard })).toBeInTheDocument();
    // The first page of the file loads the markdown view and the stream client: seconds when
    // the machine is busy.
  }, 20_000);

  it('does nothing with a blank product name', async () => {
    const fetchMock = stubApi({});
    renderWithStore(<ProductDescriptionPage />);
    const user = userEvent.setup();
    typeProductName('   ');
    await user.click(screen.getByRole('button', { name: PRODUCT_DESCRIPTION_MESSAGES.generate }));
    expect(callsTo(fetchMock, PATH)).toHaveLength(0);
  });

  it("a failure without a message shows the writers' default and what to do next", async () => {
    stubApi({ [PATH]: () => jsonResponse({}, 500) });
    renderWithStore(<ProductDescriptionPage />);
    const user = userEvent.setup();
    typeProductName('Mug');
    await user.click(screen.getByRole('button', { name: PRODUCT_DESCRIPTION_MESSAGES.generate }));
    const alert = await screen.findByText(WRITER_MESSAGES.failed);
    expect(alert.closest('[role="alert"]')).toHaveTextContent(PAGE_TEXTS.genericErrorHint);
  });
});
