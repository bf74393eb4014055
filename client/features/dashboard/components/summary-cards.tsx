import { plural, t } from '@lingui/core/macro';
import { BookOpen, GraduationCap, IndianRupee, Users, Wallet } from 'lucide-react';
import { css } from 'styled-system/css';
import { StatCard } from '~/components/ui/stat';
import { captions } from '~/lib/figures';
import type { DashboardSummary } from '../api';
import { formatCount as count, formatAmount } from '../format';

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
  }),
  arrears: css({ display: 'block', mt: '1' }),
};

const activeLine = (active: number) => {
  const students = count(active);
  return t`${students} active`;
};
const subjectsLine = (subjects: number) => plural(subjects, { one: '# subject', other: '# subjects' });
const staffLine = (teachers: number, staff: number) => {
  const people = count(teachers);
  const others = count(staff);
  return t`${people} teachers, ${others} staff`;
};

/** What the fee figure counts, and the past years' arrears inside it when there are any. */
function FeeCaption({ fees, currency }: { fees: DashboardSummary['cards']['fees']; currency: string }) {
  const money = (amount: number) => formatAmount(amount, currency);
  const arrears = captions.arrears(money, fees.arrears);
  return (
    <>
      {captions.collected(money, fees)}
      {arrears ? (
        <span className={styles.arrears} data-testid="fee-arrears-caption">
          {arrears}
        </span>
      ) : null}
    </>
  );
}

/** Total Students, Total Employees, Total Classes and Fee Collection. */
export function SummaryCards({ summary }: { summary: DashboardSummary | undefined }) {
  const loading = !summary;
  const cards = summary?.cards;
  return (
    <div className={styles.grid}>
      <StatCard
        label={t`Total Students`}
        icon={GraduationCap}
        tone="brand"
        loading={loading}
        value={cards ? count(cards.students.total) : null}
        helpText={cards ? activeLine(cards.students.active) : null}
      />
      <StatCard
        label={t`Total Employees`}
        icon={Users}
        tone="info"
        loading={loading}
        value={cards ? count(cards.employees.total) : null}
        helpText={cards ? staffLine(cards.employees.teachers, cards.employees.staff) : null}
      />
      <StatCard
        label={t`Total Classes`}
        icon={BookOpen}
        tone="success"
        loading={loading}
        value={cards ? count(cards.classes.total) : null}
        helpText={cards ? subjectsLine(cards.classes.subjects) : null}
      />
      <StatCard
        label={t`Fee Collection`}
        icon={summary?.currency === 'INR' ? IndianRupee : Wallet}
        tone="warning"
        loading={loading}
        value={cards && summary ? formatAmount(cards.fees.collected, summary.currency) : null}
        helpText={cards && summary ? <FeeCaption fees={cards.fees} currency={summary.currency} /> : null}
      />
    </div>
  );
}
