import type { ReactNode } from 'react';
import * as Table from './table';

export interface Column<Row> {
  key: string;
  header: string;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
  render: (row: Row) => ReactNode;
}

export interface SimpleTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}

/** A plain read-only table over rows, for short lists that need no toolbar or paging. */
export function SimpleTable<Row>({ caption, columns, rows, rowKey }: SimpleTableProps<Row>) {
  return (
    <Table.Scroller>
      <Table.Root>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Head>
          <Table.Row>
            {columns.map((column) => (
              <Table.Header key={column.key} scope="col" data-numeric={column.numeric || undefined}>
                {column.header}
              </Table.Header>
            ))}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Cell key={column.key} data-numeric={column.numeric || undefined}>
                  {column.render(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Scroller>
  );
}
