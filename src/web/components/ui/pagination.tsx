import { Button } from './button';

/** The admin lists' pager: "41 payments · page 1 of 3" with Previous and Next (server paging). */
export function Pagination({
  total,
  page,
  pageSize,
  noun,
  onPage,
}: {
  total: number;
  page: number;
  pageSize: number;
  /** Singular and plural: ['payment', 'payments']. */
  noun: readonly [string, string];
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="admin-pagination">
      <span>
        {total} {total === 1 ? noun[0] : noun[1]} · page {page} of {pages}
      </span>
      <div className="row">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
