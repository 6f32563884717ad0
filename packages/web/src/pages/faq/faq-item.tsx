import { useId, useState, type CSSProperties } from 'react';
import { TIMINGS } from '@ai-tools/contracts';
import type { FaqItem as FaqItemContent } from '../../content/faq.ts';

/**
 * One FAQ item (docs/product.md sections 2 and 4): starts closed; the question is a button that
 * toggles the answer region, with an up or down arrow and a 350 ms collapse.
 */
export function FaqItem({ item }: { item: FaqItemContent }) {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  const buttonId = `${id}-question`;
  const panelId = `${id}-answer`;

  return (
    <li className="card faq-item">
      <h2>
        <button
          id={buttonId}
          type="button"
          className="faq-item__question"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <span>{item.question}</span>
          <span className="faq-item__arrow" aria-hidden="true" data-testid="faq-arrow">
            {isOpen ? '▲' : '▼'}
          </span>
        </button>
      </h2>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        className={`faq-item__panel${isOpen ? ' faq-item__panel--open' : ''}`}
        style={{ '--faq-collapse-ms': `${TIMINGS.faqCollapseMs}ms` } as CSSProperties}
        inert={!isOpen}
      >
        <div className="faq-item__panel-inner">
          <p className="faq-item__answer">{item.answer}</p>
        </div>
      </div>
    </li>
  );
}
