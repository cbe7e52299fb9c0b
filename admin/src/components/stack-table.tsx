import type { ReactNode } from 'react';

/**
 * A table that turns into stacked cards on a phone (the `stack-table` styles: each cell shows its
 * `data-label`): the money pages' transfers, bookings, statements and deliveries. Rows are the
 * caller's `<tr>`s; the first cell of each is its `<th scope="row">`.
 */
export function StackTable({
  caption,
  columns,
  testId,
  card = false,
  children,
}: {
  /** Read by screen readers only: what the rows are, in what order. */
  caption: string;
  columns: readonly string[];
  testId?: string;
  /** Drawn as a card of its own (not inside one). */
  card?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="stack-table-wrap">
      <table className={card ? 'payments-table stack-table card' : 'payments-table stack-table'} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
