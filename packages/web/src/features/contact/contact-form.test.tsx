import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  REQUEST_MESSAGES,
  TIMINGS,
  type ContactMessage,
} from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
import { jsonBody } from '../../lib/test-helpers.tsx';
import { ContactForm } from './contact-form.tsx';

function renderForm() {
  const store = makeStore();
  render(
    <Provider store={store}>
      <ContactForm />
    </Provider>,
  );
  return store;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Subject'), 'Hi');
  await user.type(screen.getByLabelText('Message'), 'Long enough message.');
}

/** The Idempotency-Key header of each contact call so far. */
function sentKeys(fetchMock: ReturnType<typeof vi.fn>): (string | undefined)[] {
  return fetchMock.mock.calls.map(
    (call) =>
      ((call as [string, RequestInit])[1].headers as Record<string, string>)[
        IDEMPOTENCY_KEY_HEADER
      ],
  );
}

function sentResponse() {
  return new Response(JSON.stringify({ success: true, message: CONTACT_MESSAGES.sent }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

describe('contact form (docs/product.md sections 2, 4 and 5)', () => {
  it('shows no message before a field is touched, then each exact message', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByText(CONTACT_MESSAGES.nameRequired)).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(screen.getByText(CONTACT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    // Email was focused by the tab but not left yet: no message for it.
    expect(screen.queryByText(CONTACT_MESSAGES.emailRequired)).not.toBeInTheDocument();

    await user.tab();
    expect(screen.getByText(CONTACT_MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText(CONTACT_MESSAGES.emailInvalid)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Subject'));
    await user.tab();
    expect(screen.getByText(CONTACT_MESSAGES.subjectRequired)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Message'));
    await user.tab();
    expect(screen.getByText(CONTACT_MESSAGES.messageRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'too short');
    expect(screen.getByText(CONTACT_MESSAGES.messageTooShort)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), ' no more');
    expect(screen.queryByText(CONTACT_MESSAGES.messageTooShort)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(screen.queryByText(CONTACT_MESSAGES.nameRequired)).not.toBeInTheDocument();
  });

  it('submitting an empty form shows every message and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText(CONTACT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends, shows Sending... disabled, then the success text for 3 s and a reset form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();

    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Engines');
    await user.type(screen.getByLabelText('Message'), 'The analytical engine weaves patterns.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const sending = screen.getByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    const body = jsonBody<ContactMessage>(fetchMock.mock.calls[0]![1]);
    expect(body).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Engines',
    });
    expect(body[CONTACT_HONEYPOT_FIELD]).toBe('');

    await act(async () => {
      answer(
        new Response(JSON.stringify({ success: true, message: 'Message sent successfully!' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    expect(await screen.findByText(CONTACT_MESSAGES.sent)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    // The reset form is untouched again: no validation messages for the emptied fields.
    expect(screen.queryByText(CONTACT_MESSAGES.nameRequired)).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(TIMINGS.contactSuccessClearMs - 100);
    });
    expect(screen.getByText(CONTACT_MESSAGES.sent)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText(CONTACT_MESSAGES.sent)).not.toBeInTheDocument();
  });

  it('shows a failure in red under the form and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ message: 'Too many requests. Please wait a minute and try again.' }),
            {
              status: 429,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Hi');
    await user.type(screen.getByLabelText('Message'), 'Long enough message.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests. Please wait a minute and try again.');
    expect(alert).toHaveClass('form-error');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
  });

  it('hides the honeypot from people and assistive technology', () => {
    renderForm();
    const honeypot = document.querySelector(`input[name="${CONTACT_HONEYPOT_FIELD}"]`);
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(
      screen.queryByRole('textbox', { name: /leave this field empty/i }),
    ).not.toBeInTheDocument();
  });
});

describe('contact form: one Idempotency-Key per message (docs/decisions/023)', () => {
  it('resends the same key after a lost answer, and a new one for the next message', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(sentResponse())
      .mockResolvedValueOnce(sentResponse());
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REQUEST_MESSAGES.unreachable);
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(CONTACT_MESSAGES.sent)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');

    // The very same text again after a success is a new message: it must be stored again.
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

    const [first, retry, next] = sentKeys(fetchMock);
    expect(first).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retry).toBe(first);
    expect(next).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(next).not.toBe(first);
  });

  it('sends a new key when the message was changed after a failure', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Failed to send message' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message');
    await user.type(screen.getByLabelText('Message'), ' And one more line.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    // Changed back to the first text: a different message again from the one last sent.
    await user.clear(screen.getByLabelText('Message'));
    await user.type(screen.getByLabelText('Message'), 'Long enough message.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

    const [first, changed, changedBack] = sentKeys(fetchMock);
    expect(changed).not.toBe(first);
    expect(changedBack).not.toBe(changed);
  });
});
