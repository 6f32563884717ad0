import { render, screen, within } from '@testing-library/react';
import { FeatureCards } from './feature-cards.tsx';

const CARDS = [
  { title: 'First', text: 'One.' },
  { title: 'Second', text: 'Two.' },
];

describe('FeatureCards', () => {
  it('numbers the cards in order; steps are an ordered list, other cards a plain list', () => {
    const { container, unmount } = render(<FeatureCards cards={CARDS} ordered className="x" />);
    expect(container.querySelector('ol.x')).not.toBeNull();
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1FirstOne.', '2SecondTwo.']);
    expect(within(items[1]!).getByRole('heading', { level: 3 })).toHaveTextContent('Second');
    unmount();

    render(<FeatureCards cards={CARDS} className="y" />);
    expect(screen.getByRole('list')).toHaveClass('y');
    expect(screen.getByRole('list').tagName).toBe('UL');
  });
});
