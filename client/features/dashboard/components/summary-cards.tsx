import { BookOpen, GraduationCap, IndianRupee, Users, Wallet } from 'lucide-react';
import { css } from 'styled-system/css';
import { formatMoney } from '~/components/ui/money';
import { StatCard } from '~/components/ui/stat';
import { captions } from '~/lib/figures';
import type { DashboardSummary } from '../api';

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
  }),
};

const count = (n: number) => n.toLocaleString();

/** Total Students, Total Employees, Total Classes and Fee Collection. */
export function SummaryCards({ summary }: { summary: DashboardSummary | undefined }) {
  const loading = !summary;
  const cards = summary?.cards;
  return (
    <div className={styles.grid}>
      <StatCard
        label="Total Students"
        icon={GraduationCap}
        tone="brand"
        loading={loading}
        value={cards ? count(cards.students.total) : null}
        helpText={cards ? `${count(cards.students.active)} active` : null}
      />
      <StatCard
        label="Total Employees"
        icon={Users}
        tone="info"
        loading={loading}
        value={cards ? count(cards.employees.total) : null}
        helpText={cards ? `${count(cards.employees.teachers)} teachers, ${count(cards.employees.staff)} staff` : null}
      />
      <StatCard
        label="Total Classes"
        icon={BookOpen}
        tone="success"
        loading={loading}
        value={cards ? count(cards.classes.total) : null}
        helpText={cards ? `${count(cards.classes.subjects)} subjects` : null}
      />
      <StatCard
        label="Fee Collection"
        icon={summary?.currency === 'INR' ? IndianRupee : Wallet}
        tone="warning"
        loading={loading}
        value={cards && summary ? formatMoney(cards.fees.collected, summary.currency) : null}
        helpText={
          cards && summary ? captions.collected((amount) => formatMoney(amount, summary.currency), cards.fees) : null
        }
      />
    </div>
  );
}
