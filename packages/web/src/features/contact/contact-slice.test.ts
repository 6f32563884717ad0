import {
  API_PATHS,
  IDEMPOTENCY_KEY_HEADER,
  REQUEST_MESSAGES,
  CONTACT_MESSAGES,
} from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
import { resetContact, selectContact, sendContactMessage } from './contact-slice.ts';

const MESSAGE = {
  name: 'Ada',
  email: 'ada@example.com',
  subject: 'Hello',
  message: 'A message long enough.',
};
const REQUEST = { message: MESSAGE, idempotencyKey: '5f0c1e7a-0b8e-4d47-9a51-2d1f3c7e9b10' };

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('contact slice (docs/product.md section 4)', () => {
  it('submit: loading on, error cleared, success off; then success', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore({ contact: { loading: false, success: true, error: 'old error' } });

    const sending = store.dispatch(sendContactMessage(REQUEST));
    expect(selectContact(store.getState())).toEqual({ loading: true, success: false, error: null });
    expect(fetchMock).toHaveBeenCalledWith(
      API_PATHS.sendMessage,
      expect.objectContaining<Record<string, unknown>>({
        method: 'POST',
        body: JSON.stringify(MESSAGE),
        headers: expect.objectContaining({
          [IDEMPOTENCY_KEY_HEADER]: REQUEST.idempotencyKey,
          'content-type': 'application/json',
        }),
      }),
    );

    answer(jsonResponse(200, { success: true, message: 'Message sent successfully!' }));
    await sending;
    expect(selectContact(store.getState())).toEqual({ loading: false, success: true, error: null });
  });

  it('failure stores the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(429, { message: 'Too many requests.' })),
    );
    const store = makeStore();
    await store.dispatch(sendContactMessage(REQUEST));
    expect(selectContact(store.getState())).toEqual({
      loading: false,
      success: false,
      error: 'Too many requests.',
    });
  });

  it("failure without a server message stores the error's own message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const store = makeStore();
    await store.dispatch(sendContactMessage(REQUEST));
    expect(selectContact(store.getState()).error).toBe(REQUEST_MESSAGES.unreachable);
  });

  it('falls back to the default text when a rejection carries no message', () => {
    // The API client always gives a message, so only the reducer's own fallback is left to check.
    const store = makeStore();
    store.dispatch(sendContactMessage.rejected(null, 'request-1', REQUEST));
    expect(selectContact(store.getState()).error).toBe(CONTACT_MESSAGES.failed);
  });

  it('reset clears all three', () => {
    const store = makeStore({ contact: { loading: true, success: true, error: 'x' } });
    store.dispatch(resetContact());
    expect(selectContact(store.getState())).toEqual({
      loading: false,
      success: false,
      error: null,
    });
  });
});
