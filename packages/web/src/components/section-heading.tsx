import type { ReactNode } from 'react';

/**
 * The reusable section heading block (docs/product.md section 2): a title, a decorative border and
 * a muted subtitle. `level` keeps the page's heading outline right wherever the block is used.
 */
export function SectionHeading({
  title,
  subtitle,
  id,
  level = 2,
  align = 'center',
}: {
  title: string;
  subtitle?: ReactNode;
  id?: string;
  level?: 1 | 2;
  align?: 'center' | 'start';
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={`section-heading section-heading--${align}`}>
      <Heading id={id} className="section-heading__title">
        {title}
      </Heading>
      <span className="section-heading__border" aria-hidden="true" />
      {subtitle ? <p className="section-heading__subtitle">{subtitle}</p> : null}
    </div>
  );
}
