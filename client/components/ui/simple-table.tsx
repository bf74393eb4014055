import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
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

const nowrap = css({ whiteSpace: 'nowrap' });

/** A plain read-only table over rows, for short lists that need no toolbar or paging. */
export function SimpleTable<Row>({ caption, columns, rows, rowKey }: SimpleTableProps<Row>) {
  return (
    // Focusable so a keyboard can scroll it sideways on a narrow screen.
    <Table.Scroller tabIndex={0} role="region" aria-label={caption}>
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
              {columns.map((column, index) => (
                <Table.Cell
                  key={column.key}
                  data-numeric={column.numeric || undefined}
                  className={index === 0 || column.numeric ? nowrap : undefined}
                >
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
