interface FeatureCard {
  title: string;
  text: string;
}

interface FeatureCardsProps {
  cards: readonly FeatureCard[];
  /** Steps to follow in order are an ordered list; promises that merely count are not. */
  ordered?: boolean;
  className: string;
}

/** Cards with a big number, a title and a line of text: the home page's steps, About's values. */
export function FeatureCards({ cards, ordered = false, className }: FeatureCardsProps) {
  const items = cards.map((card, index) => (
    <li key={card.title} className="card feature-card">
      <span className="feature-card__number" aria-hidden="true">
        {index + 1}
      </span>
      <h3>{card.title}</h3>
      <p>{card.text}</p>
    </li>
  ));
  return ordered ? (
    <ol className={className}>{items}</ol>
  ) : (
    <ul className={className} role="list">
      {items}
    </ul>
  );
}
