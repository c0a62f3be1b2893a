/**
 * The one table of the design system. On a wide screen it is a table; on a phone
 * (max-width 640px, see global.css) each row becomes a stacked card whose cells name their
 * column, so no table ever widens the page. A column marked `isTitle` heads the stacked card.
 */
import type { ReactNode } from 'react';

export interface DataTableColumn<Row> {
  key: string;
  /** The column heading, also shown beside the value in the stacked layout. */
  label: string;
  /** Hides the heading text visually (for example an actions column). */
  isLabelHidden?: boolean;
  cell(row: Row): ReactNode;
  /** Amounts line up on the right. */
  isNumeric?: boolean;
  /** Heads the row's card on a phone, without a label. */
  isTitle?: boolean;
  className?: string | ((row: Row) => string | undefined);
}

export interface DataTableProps<Row> {
  caption: string;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  className?: string;
  /** Marks the table busy while its rows are being refreshed. */
  isBusy?: boolean;
  /**
   * A table wider than its panel (many columns, such as a forecast): its wrapper becomes a named,
   * focusable region so a keyboard user can scroll it sideways (WCAG 2.1.1).
   */
  isWide?: boolean;
}

function cellClass<Row>(column: DataTableColumn<Row>, row: Row): string | undefined {
  const own = typeof column.className === 'function' ? column.className(row) : column.className;
  const classes = [column.isNumeric ? 'numeric' : null, column.isTitle ? 'stack-title' : null, own];
  return classes.filter(Boolean).join(' ') || undefined;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  className,
  isBusy,
  isWide,
}: DataTableProps<Row>) {
  return (
    <div className="table-wrap" {...(isWide ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}>
      <table className={['table', 'data-table', className].filter(Boolean).join(' ')} aria-busy={isBusy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.isNumeric ? 'numeric' : undefined}>
                {column.isLabelHidden ? (
                  <span className="visually-hidden">{column.label}</span>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={cellClass(column, row)}
                  data-label={column.isLabelHidden ? undefined : column.label}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
