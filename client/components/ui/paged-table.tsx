import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { Pager } from './pagination';
import * as Table from './table';

export interface PagedTableProps<Data extends { total: number }> {
  query: UseQueryResult<Data>;
  /** Shown while the first page loads. */
  skeleton: ReactNode;
  errorTitle: string;
  /** Shown when nothing matches. */
  empty: ReactNode;
  /** The scrolling region's accessible name. */
  label: string;
  className?: string;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** What the pager counts ('receipts'). */
  noun: string;
  /** Shown before the table, e.g. the same rows as cards on phones. */
  before?: (data: Data) => ReactNode;
  /** The table's caption, head and body. */
  children: (data: Data) => ReactNode;
}

/** One page of a server-paged list: its loading, failure and empty states, the table, and the pager below it. */
export function PagedTable<Data extends { total: number }>({
  query,
  skeleton,
  errorTitle,
  empty,
  label,
  className,
  page,
  pageSize,
  onPageChange,
  noun,
  before,
  children,
}: PagedTableProps<Data>) {
  if (query.isPending) return skeleton;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        description={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.total === 0) return empty;
  return (
    <>
      {before?.(query.data)}
      <Table.Scroller
        className={className}
        tabIndex={0}
        role="region"
        aria-label={label}
        aria-busy={query.isPlaceholderData || undefined}
      >
        <Table.Root>{children(query.data)}</Table.Root>
      </Table.Scroller>
      <Pager page={page} pageSize={pageSize} count={query.data.total} onPageChange={onPageChange} noun={noun} />
    </>
  );
}
