import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { FAQ_ITEMS } from '../../content/faq.ts';
import { FaqPage } from './faq-page.tsx';

describe('FAQ page (docs/product.md sections 2 and 4)', () => {
  it('shows five closed items; a click toggles one open and closed with its arrow', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeInTheDocument();
    expect(FAQ_ITEMS).toHaveLength(5);
    const questions = FAQ_ITEMS.map((item) =>
      screen.getByRole('button', { name: new RegExp(item.question) }),
    );
    for (const question of questions) expect(question).toHaveAttribute('aria-expanded', 'false');

    const first = questions[0]!;
    const panel = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(panel).toHaveAttribute('role', 'region');
    expect(panel).not.toHaveClass('faq-item__panel--open');
    expect(first).toHaveTextContent('▼');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveClass('faq-item__panel--open');
    expect(first).toHaveTextContent('▲');
    expect(screen.getByRole('region', { name: FAQ_ITEMS[0]!.question })).toHaveTextContent(
      FAQ_ITEMS[0]!.answer,
    );
    expect(panel.style.getPropertyValue('--faq-collapse-ms')).toBe('350ms');
    expect(questions[1]).toHaveAttribute('aria-expanded', 'false');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveTextContent('▼');
  });

  it('has real, distinct questions, none repeating another item', () => {
    const questions = FAQ_ITEMS.map((item) => item.question);
    expect(new Set(questions).size).toBe(5);
    for (const question of questions) expect(question).toMatch(/\?$/);
    for (const item of FAQ_ITEMS) expect(questions).not.toContain(item.answer);
    expect(FAQ_ITEMS[3]!.question).toMatch(/new/i);
    expect(FAQ_ITEMS[3]!.answer).toMatch(/new free features/i);
  });
});
