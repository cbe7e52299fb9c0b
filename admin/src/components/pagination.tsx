import { pageWindow, totalPages } from '../lib/pagination';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  label?: string;
}

/** Previous / Next with at most 5 page buttons (docs/product/discovery.md). */
export function Pagination({ page, pageSize, total, onPageChange, label = 'Pagination' }: PaginationProps) {
  const pages = totalPages(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="pagination">
      <button
        type="button"
        className="btn btn--outline btn--sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </button>
      <ul className="pagination__pages">
        {pageWindow(page, pages).map((number) => (
          <li key={number}>
            <button
              type="button"
              className={number === page ? 'pagination__page is-current' : 'pagination__page'}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => onPageChange(number)}
            >
              {number}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn--outline btn--sm"
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
