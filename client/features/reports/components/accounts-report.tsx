import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { SimpleSelect } from '~/components/ui/select';
import { portalToday } from '~/lib/school-time';
import { ReportCard } from './fee-report-table';

/** The pickers' choice of everything: no filter sent. */
const ALL = 'all';
const pick = (value: string) => (value === ALL ? undefined : value);

/** The year a date falls in, for a year starting in `startMonth`, and the two before it. */
function recentYears(today: string): string[] {
  const year = Number(today.slice(0, 4));
  return [year + 1, year, year - 1, year - 2].map((first) => `${first - 1}-${first}`).slice(0, 4);
}

/** Accounts: per month of the academic year, fees falling due, fees collected and what is still owed. */
export function AccountsReport() {
  const years = recentYears(portalToday());
  const [year, setYear] = useState(ALL);
  const options = [{ value: ALL, label: t`This academic year` }, ...years.map((y) => ({ value: y, label: y }))];
  return (
    <ReportCard
      title={t`Accounts`}
      description={t`Fees falling due each month against fees collected, with what is still owed at the month's end.`}
      path="/reports/fees/accounts"
      query={{ year: pick(year) }}
      fileName={`accounts-${pick(year) ?? 'this-year'}`}
      filters={<SimpleSelect label={t`Academic year`} options={options} value={year} onValueChange={setYear} />}
    />
  );
}
