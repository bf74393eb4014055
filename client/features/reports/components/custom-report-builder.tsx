import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FileBarChart } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { previewOnly } from '~/components/ui/preview-notice';
import { SimpleSelect } from '~/components/ui/select';
import { dateRanges, FORMATS, reportTypes } from '../sample-data';

const styles = {
  form: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
    alignItems: 'end',
  }),
  actions: css({ display: 'flex', justifyContent: 'flex-end', gridColumn: { md: 'span 3' } }),
};

/** The custom report builder as it will look; generating explains that it is not available yet. */
export function CustomReportBuilder() {
  const [type, setType] = useState('student');
  const [range, setRange] = useState('30-days');
  const [format, setFormat] = useState(FORMATS[0].value);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    previewOnly(t`Building a custom report`);
  };
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>Customised reports</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Choose what to report on, over which dates, and in which format.</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={t`Custom report (preview)`}>
          <SimpleSelect label={t`Report type`} options={reportTypes()} value={type} onValueChange={setType} />
          <SimpleSelect label={t`Date range`} options={dateRanges()} value={range} onValueChange={setRange} />
          <SimpleSelect label={t`Format`} options={FORMATS} value={format} onValueChange={setFormat} />
          <div className={styles.actions}>
            <Button type="submit">
              <FileBarChart size={16} aria-hidden="true" />
              <Trans>Generate report</Trans>
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
