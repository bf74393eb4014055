import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ClipboardCheck, ClipboardX, RefreshCw, School } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { DateField } from '~/components/ui/date-picker';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { SimpleSelect } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { toast } from '~/lib/toast';
import { classDayQuery, classesQuery } from '../api';
import { classLabel, formatLongDate } from '../format';
import { StudentDayCard } from './student-day-card';

const styles = {
  toolbar: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto', lg: '18rem 16rem auto' },
    alignItems: 'end',
    gap: '3',
    mb: '5',
  }),
  refresh: css({ w: { base: 'full', sm: 'auto' }, justifySelf: { sm: 'start' } }),
  line: css({ fontSize: 'sm', color: 'fg.muted', mb: '3' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))', '2xl': 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
    alignItems: 'start',
  }),
};

export interface StudentAttendanceTabProps {
  classId?: string;
  date: string;
  onChange: (next: { classId?: string; date: string }) => void;
}

/** A class's marks on a day, one card per student; read-only here, taken on the register. */
export function StudentAttendanceTab({ classId, date, onChange }: StudentAttendanceTabProps) {
  const classes = useQuery(classesQuery());
  const day = useQuery({ ...classDayQuery(classId ?? '', date), enabled: Boolean(classId) });

  useEffect(() => {
    if (classes.isError) toast.error(t`Failed to fetch classes`, { description: classes.error.message });
  }, [classes.isError, classes.error]);
  useEffect(() => {
    if (day.isError) toast.error(t`Failed to fetch class attendance`, { description: day.error.message });
  }, [day.isError, day.error]);

  const options = useMemo(
    () => (classes.data ?? []).map((c) => ({ value: c._id, label: classLabel(c) })),
    [classes.data],
  );
  const tally = useMemo(() => {
    const counts = { marks: 0, absent: 0, late: 0 };
    for (const entry of day.data?.students ?? []) {
      for (const mark of entry.subjects) {
        counts.marks += 1;
        if (mark.status === 'absent') counts.absent += 1;
        if (mark.status === 'late') counts.late += 1;
      }
    }
    return counts;
  }, [day.data]);

  const longDate = formatLongDate(date);
  const registerLink = (
    <Link to="/attendance/register" search={{ classId, date }} className={button({ variant: 'solid', size: 'md' })}>
      <ClipboardCheck size={16} aria-hidden="true" />
      <Trans>Open register</Trans>
    </Link>
  );

  let body: React.ReactNode;
  if (!classId) {
    body = (
      <Card.Root>
        <EmptyState
          as="h3"
          icon={School}
          title={t`Select a Class`}
          description={t`Choose a class from the dropdown above to view student attendance`}
        />
      </Card.Root>
    );
  } else if (day.isPending) {
    body = (
      <div className={styles.grid} aria-busy="true">
        <span className={css({ srOnly: true })}>
          <Trans>Loading class attendance...</Trans>
        </span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="64" borderRadius="card" />
        ))}
      </div>
    );
  } else if (day.isError && !day.data) {
    body = (
      <Card.Root>
        <ErrorState
          title={t`Class attendance could not be loaded`}
          description={day.error.message}
          onRetry={() => void day.refetch()}
          retrying={day.isFetching}
        />
      </Card.Root>
    );
  } else if (!day.data || day.data.students.length === 0) {
    body = (
      <Card.Root>
        <EmptyState
          as="h3"
          icon={ClipboardX}
          title={t`No Attendance Data`}
          description={t`No attendance records found for the selected class and date`}
          action={registerLink}
        />
      </Card.Root>
    );
  } else {
    const data = day.data;
    const studentCount = data.students.length;
    const markCount = tally.marks;
    const students = plural(studentCount, { one: '# student', other: '# students' });
    const marks = plural(markCount, { one: '# mark', other: '# marks' });
    const { absent, late } = tally;
    body = (
      <>
        <p className={styles.line} aria-live="polite">
          {t`${students} · ${marks} · ${absent} absent · ${late} late`}
        </p>
        <div className={styles.grid}>
          {data.students.map((entry) => (
            <StudentDayCard key={entry.student._id} entry={entry} klass={data.class} />
          ))}
        </div>
      </>
    );
  }

  return (
    <section aria-label={classId ? t`Student attendance on ${longDate}` : t`Student attendance`}>
      <div className={styles.toolbar}>
        <SimpleSelect
          label={t`Class`}
          options={options}
          value={classId ?? ''}
          onValueChange={(value) => onChange({ classId: value || undefined, date })}
          placeholder={classes.isPending ? t`Loading classes...` : t`Select a class`}
          disabled={classes.isPending}
        />
        <DateField
          label={t`Date`}
          value={date}
          onValueChange={(value) => value && onChange({ classId, date: value })}
        />
        <Button
          variant="outline"
          className={styles.refresh}
          onClick={() => {
            void classes.refetch();
            if (classId) void day.refetch();
          }}
          loading={day.isFetching && !day.isPending}
          loadingText={t`Refreshing...`}
        >
          <RefreshCw size={16} aria-hidden="true" />
          <Trans>Refresh</Trans>
        </Button>
      </div>
      {body}
    </section>
  );
}
