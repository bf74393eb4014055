import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Download, FileBarChart } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { previewOnly } from '~/components/ui/preview-notice';
import { SimpleTable } from '~/components/ui/simple-table';
import type { SampleReport } from '../sample-data';

const styles = {
  header: css({
    flexDirection: { base: 'column', md: 'row' },
    justifyContent: 'space-between',
    alignItems: { base: 'stretch', md: 'flex-start' },
    gap: '3',
  }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
};

/** One report: what it holds, a few sample rows, and its (inert) actions. */
export function SampleReportCard({ report }: { report: SampleReport }) {
  const last = report.columns.length - 1;
  return (
    <Card.Root>
      <Card.Header className={styles.header}>
        <div className={styles.text}>
          <Card.Title>{report.title}</Card.Title>
          <Card.Description>{report.description}</Card.Description>
        </div>
        <div className={styles.actions}>
          <Button variant="outline" onClick={() => previewOnly(t`Downloading a report`)}>
            <Download size={16} aria-hidden="true" />
            <Trans>Download</Trans>
          </Button>
          <Button onClick={() => previewOnly(t`Generating a report`)}>
            <FileBarChart size={16} aria-hidden="true" />
            <Trans>Generate</Trans>
          </Button>
        </div>
      </Card.Header>
      <Card.Body>
        <SimpleTable
          caption={report.caption}
          rows={report.rows}
          rowKey={(row) => row.join('|')}
          columns={report.columns.map((header, index) => ({
            key: header,
            header,
            numeric: Boolean(report.numericLast && index === last),
            render: (row: string[]) => row[index],
          }))}
        />
      </Card.Body>
    </Card.Root>
  );
}
