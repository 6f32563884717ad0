import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { CONTACT_HONEYPOT_FIELD, CONTACT_MESSAGES, TIMINGS } from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
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

describe('contact form (SPEC sections 2, 4 and 5)', () => {
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
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
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
    const body = JSON.parse(
      (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string,
    );
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

    act(() => vi.advanceTimersByTime(TIMINGS.contactSuccessClearMs - 100));
    expect(screen.getByText(CONTACT_MESSAGES.sent)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
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
