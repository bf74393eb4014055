import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Download, FileBarChart } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Pager } from '~/components/ui/pagination';
import { SimpleTable } from '~/components/ui/simple-table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { api, type QueryValue } from '~/lib/api';
import { downloadFile } from '~/lib/download';
import { currentLanguage } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import type { ReportColumn, ReportTable } from '../../../../worker/lib/report-table';

export type { ReportTable };

type Query = Record<string, QueryValue>;

const styles = {
  header: css({
    flexDirection: { base: 'column', md: 'row' },
    justifyContent: 'space-between',
    alignItems: { base: 'stretch', md: 'flex-start' },
    gap: '3',
  }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  filters: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
    alignItems: 'end',
    mb: '4',
  }),
  totals: css({ fontWeight: 'semibold' }),
  pager: css({ pt: '3' }),
};

/** The classes of the school, for the report pickers. */
export const classOptionsQuery = () => ({
  queryKey: ['reports', 'classes'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call('GET /classes', { query: { limit: 500 } }, { signal }),
  staleTime: 60_000,
});

/** A report's cell as the screen shows it: numbers and money in the chosen language's digits and grouping. */
export function formatCell(kind: ReportColumn['kind'], value: string | number | null): string {
  if (value === null) return '';
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
      Date.parse(value),
    );
  if (typeof value !== 'number') return value;
  const digits = kind === 'money' ? 2 : 0;
  return new Intl.NumberFormat(currentLanguage(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

export function reportQuery(path: string, query: Query) {
  return {
    queryKey: ['reports', path, query] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<ReportTable>(path, { query, signal }),
  };
}

interface ReportCardProps {
  title: string;
  description: string;
  /** `/reports/fees/collection`: the report's call, without `/api`. */
  path: string;
  query: Query;
  /** The name a download falls back to, without its extension. */
  fileName: string;
  filters: ReactNode;
  /**
   * Rows a page on screen, with the pager below: a directory of thousands is drawn a page at a time (the download
   * still holds every row). Absent: every row at once.
   */
  pageSize?: number;
  /** The pager's noun ("Showing 1–50 of 2,400 students"). */
  noun?: string;
}

/** One report: its pickers, its table with totals, and its download; each run is logged by the server. */
export function ReportCard({ title, description, path, query, fileName, filters, pageSize, noun }: ReportCardProps) {
  const report = useQuery(reportQuery(path, query));
  const [downloading, setDownloading] = useState(false);
  // Other choices start again at the first page.
  const choices = JSON.stringify(query);
  const [paged, setPaged] = useState({ choices, page: 1 });
  const page = paged.choices === choices ? paged.page : 1;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(path, `${fileName}.csv`, { ...query, format: 'csv' });
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };
  const table = report.data;
  const numeric = (column: ReportColumn) =>
    column.kind === 'number' || column.kind === 'money' || column.kind === 'percent';
  const all = table?.rows ?? [];
  const first = pageSize ? (page - 1) * pageSize : 0;
  const shown = pageSize ? all.slice(first, first + pageSize) : all;
  const rows = shown.map((row, i) => ({ row, key: String(first + i) }));
  if (table?.totals && first + shown.length >= all.length) rows.push({ row: table.totals, key: 'totals' });
  return (
    <Card.Root>
      <Card.Header className={styles.header}>
        <div className={styles.text}>
          <Card.Title>{title}</Card.Title>
          <Card.Description>{description}</Card.Description>
        </div>
        <Button variant="outline" onClick={download} disabled={downloading || !table}>
          <Download size={16} aria-hidden="true" />
          <Trans>Download CSV</Trans>
        </Button>
      </Card.Header>
      <Card.Body>
        <div className={styles.filters}>{filters}</div>
        {report.isPending ? (
          <TableSkeleton columns={4} />
        ) : report.isError ? (
          <ErrorState
            title={t`The report could not be made`}
            description={report.error.message}
            onRetry={() => report.refetch()}
            retrying={report.isFetching}
          />
        ) : table && table.rows.length === 0 ? (
          <EmptyState icon={FileBarChart} title={t`Nothing to report for these choices`} as="h3" />
        ) : table ? (
          <SimpleTable
            caption={table.subtitle ? `${table.title} · ${table.subtitle}` : table.title}
            rows={rows}
            rowKey={(r) => r.key}
            columns={table.columns.map((column, index) => ({
              key: column.key,
              header: column.label,
              numeric: numeric(column),
              render: (r: { row: (string | number | null)[]; key: string }) => {
                const text = formatCell(column.kind, r.row[index]);
                return r.key === 'totals' ? <span className={styles.totals}>{text}</span> : text;
              },
            }))}
          />
        ) : null}
        {table && pageSize ? (
          <div className={styles.pager}>
            <Pager
              page={page}
              pageSize={pageSize}
              count={all.length}
              onPageChange={(next) => setPaged({ choices, page: next })}
              noun={noun}
            />
          </div>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

export const filterStyles = styles;
