import { FileBarChart } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { previewOnly } from '~/components/ui/preview-notice';
import { SimpleSelect } from '~/components/ui/select';
import { DATE_RANGES, FORMATS, REPORT_TYPES } from '../sample-data';

const styles = {
  form: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
    alignItems: 'end',
  }),
  actions: css({ display: 'flex', justifyContent: 'flex-end', gridColumn: { md: 'span 3' } }),
};

const options = (values: string[]) => values.map((value) => ({ value, label: value }));

/** The custom report builder as it will look; generating explains that it is not available yet. */
export function CustomReportBuilder() {
  const [type, setType] = useState(REPORT_TYPES[0]);
  const [range, setRange] = useState(DATE_RANGES[1]);
  const [format, setFormat] = useState(FORMATS[0]);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    previewOnly('Building a custom report');
  };
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Customised reports</Card.Title>
        <Card.Description>Choose what to report on, over which dates, and in which format.</Card.Description>
      </Card.Header>
      <Card.Body>
        <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Custom report (preview)">
          <SimpleSelect label="Report type" options={options(REPORT_TYPES)} value={type} onValueChange={setType} />
          <SimpleSelect label="Date range" options={options(DATE_RANGES)} value={range} onValueChange={setRange} />
          <SimpleSelect label="Format" options={options(FORMATS)} value={format} onValueChange={setFormat} />
          <div className={styles.actions}>
            <Button type="submit">
              <FileBarChart size={16} aria-hidden="true" />
              Generate report
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
