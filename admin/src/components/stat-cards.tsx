import type { ReactNode } from 'react';

export interface StatCard {
  label: string;
  /** Undefined while the figure loads. */
  value: ReactNode | undefined;
  /** What the figure is made of, under it. */
  note?: ReactNode;
  testId?: string;
}

/** A row of figure cards (dashboards, payments, analytics): each a label over its value. */
export function StatCards({ cards, className, testId }: { cards: StatCard[]; className?: string; testId?: string }) {
  return (
    <dl className={className ? `dashboard-stats ${className}` : 'dashboard-stats'} data-testid={testId}>
      {cards.map((card) => (
        <div key={card.label} className="card dashboard-stats__card" data-testid={card.testId}>
          <dt>{card.label}</dt>
          <dd>{card.value ?? '…'}</dd>
          {card.note ? <dd className="dashboard-stats__note">{card.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
