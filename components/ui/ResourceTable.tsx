'use client';
// A generic table for resource lists: sortable column headers (aria-sort), stacked cards on
// narrow screens (each cell labelled with its column).
import type { ReactNode } from 'react';
import type { SortDirection } from '@/lib/client/list';
import { useLiveDisabled } from './Button';

export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Sortable when true: the list state sorts by `key`. */
  sortable?: boolean;
  /** "num" right-aligns numbers; "actions" holds buttons. */
  kind?: 'num' | 'actions';
  /** The cell that titles the row when the table stacks on a phone. */
  primary?: boolean;
};

type Props<T> = {
  caption: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  sort?: { key: string; dir: SortDirection };
  onSort?: (key: string) => void;
};

export function ResourceTable<T>({ caption, rows, columns, rowKey, sort, onSort }: Props<T>) {
  const live = useLiveDisabled(false);
  return (
    <div className="table-wrap">
      <table className="table table-stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = sort?.key === column.key;
              const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th key={column.key} scope="col" className={column.kind} aria-sort={column.sortable ? (ariaSort ?? 'none') : undefined}>
                  {column.sortable && onSort ? (
                    <button type="button" className="sort-button" {...live} onClick={() => onSort(column.key)}>
                      {column.header}
                      <span className="sort-indicator" aria-hidden="true">
                        {active ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
                      </span>
                    </button>
                  ) : column.kind === 'actions' ? (
                    <span className="visually-hidden">{column.header}</span>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={[column.kind, column.primary && 'primary'].filter(Boolean).join(' ') || undefined}
                  data-label={column.kind === 'actions' ? '' : column.header}
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
