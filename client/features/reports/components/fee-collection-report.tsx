import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { DateField } from '~/components/ui/date-picker';
import { SimpleSelect } from '~/components/ui/select';
import { portalToday } from '~/lib/school-time';
import { ReportCard } from './fee-report-table';

/** Fee Collection: payments received in a period, by day, week or month, class, category or method. */
export function FeeCollectionReport() {
  const today = portalToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [groupBy, setGroupBy] = useState('period');
  const groups = [
    { value: 'period', label: t`Period` },
    { value: 'class', label: t`Class` },
    { value: 'category', label: t`Category` },
    { value: 'method', label: t`Payment method` },
  ];
  return (
    <ReportCard
      title={t`Fee collection`}
      description={t`Payments received in the period, with the number of payments and students, in the school's currency.`}
      path="/reports/fees/collection"
      query={{ from: from || undefined, to: to || undefined, groupBy }}
      fileName={`fee-collection-${from}-${to}`}
      filters={
        <>
          <DateField label={t`From`} value={from} onValueChange={setFrom} />
          <DateField label={t`To`} value={to} onValueChange={setTo} />
          <SimpleSelect label={t`Group by`} options={groups} value={groupBy} onValueChange={setGroupBy} />
        </>
      }
    />
  );
}
