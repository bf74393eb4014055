import { Skeleton } from './skeleton';
import * as Table from './table';

export interface TableSkeletonProps {
  columns: number;
  rows?: number;
  /** Each column's placeholder width; by default a wide first column and narrow others. */
  widths?: string[];
}

/** Rows of placeholder shapes while a table's first page loads. */
export function TableSkeleton({ columns, rows = 6, widths }: TableSkeletonProps) {
  return (
    <Table.Scroller aria-busy="true">
      <Table.Root>
        <Table.Body>
          {Array.from({ length: rows }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Table.Row key={row}>
              {Array.from({ length: columns }, (_, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                <Table.Cell key={column}>
                  <Skeleton variant="text" w={widths?.[column] ?? (column === 0 ? '32' : '16')} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Scroller>
  );
}
