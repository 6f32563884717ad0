import { cleanup, screen, waitFor } from '@testing-library/react';
import { API_PATHS, type SiteDetailsResponse } from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
import { callsTo, jsonResponse, renderWithStore, stubApi } from '../../lib/test-helpers.tsx';
import { ContactDetails } from './contact-details.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(contact: SiteDetailsResponse['contact']) {
  return () => jsonResponse({ contact } satisfies SiteDetailsResponse);
}

describe('contact details', () => {
  it('shows the details the operator configured, linked, and asks the server once', async () => {
    const fetchMock = stubApi({
      [API_PATHS.site]: answer({
        email: 'help@shop.test',
        whatsApp: '+44 7700 900123',
        phone: '+44 20 7946 0000',
      }),
    });
    const store = makeStore();
    renderWithStore(
      <>
        <ContactDetails />
        <ContactDetails />
      </>,
      store,
    );
    const [email] = await screen.findAllByRole('link', { name: 'help@shop.test' });
    expect(email).toHaveAttribute('href', 'mailto:help@shop.test');
    expect(
      screen.getAllByRole('link', {
        name: /^\+44 7700 900123 ?\(opens WhatsApp in a new tab\)$/,
      })[0],
    ).toHaveAttribute('href', 'https://wa.me/447700900123');
    expect(screen.getAllByRole('link', { name: '+44 20 7946 0000' })[0]).toHaveAttribute(
      'href',
      'tel:+442079460000',
    );
    expect(callsTo(fetchMock, API_PATHS.site)).toHaveLength(1);
    expect(screen.queryByText(/example\.com|555/)).not.toBeInTheDocument();
  });

  it('leaves out what the operator did not set', async () => {
    stubApi({ [API_PATHS.site]: answer({ email: 'help@shop.test' }) });
    renderWithStore(<ContactDetails />, makeStore());
    expect(await screen.findByRole('link', { name: 'help@shop.test' })).toBeInTheDocument();
    expect(screen.queryByText('WhatsApp')).not.toBeInTheDocument();
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
  });

  it('shows nothing, not a made-up address, when none is set or the server cannot say', async () => {
    stubApi({ [API_PATHS.site]: answer({}) });
    const store = renderWithStore(<ContactDetails />, makeStore());
    await waitFor(() => expect(store.getState().contactDetails.loaded).toBe(true));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    cleanup();

    const fetchMock = stubApi({ [API_PATHS.site]: () => jsonResponse({ message: 'down' }, 500) });
    const failed = renderWithStore(<ContactDetails />, makeStore());
    await waitFor(() => expect(callsTo(fetchMock, API_PATHS.site)).toHaveLength(1));
    await waitFor(() => expect(failed.getState().contactDetails.loading).toBe(false));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
