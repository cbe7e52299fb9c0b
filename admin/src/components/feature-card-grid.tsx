import type { ComponentType, ReactNode, SVGProps } from 'react';

export interface FeatureCardItem {
  title: string;
  text: ReactNode;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  /** Extra content under the text, e.g. a link. */
  footer?: ReactNode;
}

/** A list of titled cards with an optional icon — the marketing and help pages' building block. */
export function FeatureCardGrid({
  items,
  columns = 4,
  accent = false,
}: {
  items: readonly FeatureCardItem[];
  columns?: 2 | 3 | 4;
  accent?: boolean;
}) {
  return (
    <ul className={`card-grid card-grid--${columns}`}>
      {items.map(({ title, text, icon: Icon, footer }) => (
        <li key={title} className="card feature-card">
          {Icon ? (
            <span className={accent ? 'feature-card__icon feature-card__icon--accent' : 'feature-card__icon'}>
              <Icon width={24} height={24} />
            </span>
          ) : null}
          <h3 className="feature-card__title">{title}</h3>
          <p>{text}</p>
          {footer}
        </li>
      ))}
    </ul>
  );
}
