import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarCheck, ClipboardList, School } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { type AttendanceOverview, attendanceOverviewQuery, type SchoolClass, type StudentRow as Student } from '../api';
import { classLabel, DAY_TONES, dayLabel, percent, rateTone } from '../format';

const ACADEMIC_PREVIEW = 6;
const ATTENDANCE_PREVIEW = 5;

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))', '2xl': 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
  }),
  head: css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' }),
  meta: css({ fontSize: 'sm', color: 'fg.muted' }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  row: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    py: '2',
    fontSize: 'sm',
    borderBottomWidth: '1px',
    borderColor: 'border',
    _last: { borderBottomWidth: '0' },
  }),
  markRow: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'flex-start', sm: 'center' },
    justifyContent: 'space-between',
    gap: { base: '1.5', sm: '3' },
    py: '2',
    fontSize: 'sm',
    borderBottomWidth: '1px',
    borderColor: 'border',
    _last: { borderBottomWidth: '0' },
  }),
  studentName: css({ fontWeight: 'medium', color: 'fg', minW: '0', overflowWrap: 'anywhere' }),
  roll: css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }),
  more: css({ fontSize: 'sm', color: 'fg.muted', pt: '2' }),
  figures: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: { base: 'flex-start', sm: 'flex-end' },
    gap: '2',
  }),
  figure: css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }),
  link: css({ fontSize: 'sm', fontWeight: 'medium', color: 'brand.fg', _hover: { textDecoration: 'underline' } }),
  note: css({ fontSize: 'sm', color: 'fg.muted', mb: '3' }),
};

/** '18/20 days'. */
function daysAttended(attended: number, marked: number) {
  const days = plural(marked, { one: '# days', other: '# days' });
  return t`${attended}/${days}`;
}

/** '+3 more' under a list cut short. */
const more = (count: number) => plural(count, { one: '+# more', other: '+# more' });

/** '3 students · days attended over 2025-2026'. */
function yearLine(count: number, year: string) {
  const students = plural(count, { one: '# students', other: '# students' });
  return t`${students} · days attended over ${year}`;
}

/** 'Present today', 'Absent today', … */
function todayLabel(status: Parameters<typeof dayLabel>[0]) {
  const day = dayLabel(status);
  return t`${day} today`;
}

/** The school's classes (narrowed by the class filter) with their filtered students, in class order. */
function byClass(classes: SchoolClass[], students: Student[], classFilter: string) {
  const groups = new Map<string, Student[]>();
  for (const s of students) {
    if (!s.classId) continue;
    const list = groups.get(s.classId._id) ?? [];
    list.push(s);
    groups.set(s.classId._id, list);
  }
  const rollOrder = (a: Student, b: Student) =>
    a.rollNumber.localeCompare(b.rollNumber, undefined, { numeric: true }) || a.name.localeCompare(b.name);
  return classes
    .filter((c) => !classFilter || c._id === classFilter)
    .map((c) => ({ klass: c, students: (groups.get(c._id) ?? []).sort(rollOrder) }));
}

interface ClassTabProps {
  classes: SchoolClass[] | undefined;
  roster: { data: Student[]; total: number } | undefined;
  classFilter: string;
  error: Error | null;
  retry: () => void;
}

function Frame({ classes, roster, error, retry, children }: ClassTabProps & { children: ReactNode }) {
  if (error && !roster) {
    return (
      <Card.Root>
        <ErrorState title={t`Failed to fetch students`} description={error.message} onRetry={retry} />
      </Card.Root>
    );
  }
  if (!roster || !classes) {
    return (
      <div className={styles.grid} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="64" borderRadius="card" />
        ))}
      </div>
    );
  }
  if (classes.length === 0) {
    return (
      <Card.Root>
        <EmptyState icon={School} title={t`No classes yet`} description={t`Add classes in Classroom Management.`} />
      </Card.Root>
    );
  }
  return (
    <>
      {roster.total > roster.data.length ? (
        <p className={styles.note}>
          <Trans>
            Showing the first {roster.data.length} of {roster.total} students; narrow the filters to see the others.
          </Trans>
        </p>
      ) : null}
      {children}
    </>
  );
}

/** Per class: the teacher or 'No teacher assigned', the count, the first 6 students and '+N more'. */
export function AcademicTab(props: ClassTabProps & { onViewRecords: (classId: string) => void }) {
  const groups = props.classes && props.roster ? byClass(props.classes, props.roster.data, props.classFilter) : [];
  return (
    <Frame {...props}>
      <ul className={styles.grid} aria-label={t`Classes`}>
        {groups.map(({ klass, students }) => (
          <li key={klass._id}>
            <Card.Root h="full">
              <Card.Body>
                <div className={styles.head}>
                  <div>
                    <h3 className={css({ fontWeight: 'semibold' })}>
                      <Trans>Class {classLabel(klass)}</Trans>
                    </h3>
                    <p className={styles.meta}>{klass.teacherId?.name ?? t`No teacher assigned`}</p>
                  </div>
                  <Badge tone="brand">{plural(students.length, { one: '# students', other: '# students' })}</Badge>
                </div>
                {students.length === 0 ? (
                  <p className={styles.meta}>
                    {props.classFilter
                      ? t`No students in this class.`
                      : t`No students in this class match the filters.`}
                  </p>
                ) : (
                  <div>
                    <ul className={styles.list}>
                      {students.slice(0, ACADEMIC_PREVIEW).map((s) => (
                        <li key={s._id} className={styles.row}>
                          <Link to="/students/$studentId" params={{ studentId: s._id }} className={styles.studentName}>
                            {s.name}
                          </Link>
                          <span className={styles.roll}>
                            <Trans>Roll {s.rollNumber}</Trans>
                          </span>
                        </li>
                      ))}
                    </ul>
                    {students.length > ACADEMIC_PREVIEW ? (
                      <p className={styles.more}>{more(students.length - ACADEMIC_PREVIEW)}</p>
                    ) : null}
                  </div>
                )}
                <Button variant="outline" size="sm" onClick={() => props.onViewRecords(klass._id)}>
                  <ClipboardList size={16} aria-hidden="true" />
                  <Trans>View Records</Trans>
                </Button>
              </Card.Body>
            </Card.Root>
          </li>
        ))}
      </ul>
    </Frame>
  );
}

function Fraction({ label, value }: { label: string; value: { attended: number; marked: number } | undefined }) {
  const rate = value ? percent(value.attended, value.marked) : null;
  return (
    <span className={styles.figure}>
      {label}:{' '}
      {value && value.marked > 0 ? (
        <Badge size="sm" tone={rateTone(rate ?? 0)}>
          {daysAttended(value.attended, value.marked)}
        </Badge>
      ) : (
        '—'
      )}
    </span>
  );
}

/**
 * Per class: the first 5 students with their real attendance today, this week and this month; in another year,
 * their days attended over that year.
 */
export function AttendanceTab(props: ClassTabProps) {
  const overview = useQuery(attendanceOverviewQuery());
  const groups = props.classes && props.roster ? byClass(props.classes, props.roster.data, props.classFilter) : [];
  // Another year's overview counts that whole year: it has no today, week or month.
  const pastYear = overview.data?.academicYear ?? null;
  const byStudent = new Map<string, AttendanceOverview['students'][number]>(
    (overview.data?.students ?? []).map((s) => [s.studentId, s]),
  );
  return (
    <Frame {...props}>
      {overview.isError ? (
        <Card.Root mb="4">
          <ErrorState
            title={t`Attendance could not be loaded`}
            description={overview.error.message}
            onRetry={() => void overview.refetch()}
          />
        </Card.Root>
      ) : null}
      <ul className={styles.grid} aria-label={t`Attendance by class`}>
        {groups.map(({ klass, students }) => (
          <li key={klass._id}>
            <Card.Root h="full">
              <Card.Body>
                <div className={styles.head}>
                  <div>
                    <h3 className={css({ fontWeight: 'semibold' })}>
                      <Trans>Class {classLabel(klass)}</Trans>
                    </h3>
                    <p className={styles.meta}>
                      {pastYear
                        ? yearLine(students.length, pastYear)
                        : plural(students.length, {
                            one: '# students · today, this week and this month',
                            other: '# students · today, this week and this month',
                          })}
                    </p>
                  </div>
                  <Link to="/attendance" className={styles.link}>
                    <CalendarCheck size={16} aria-hidden="true" className={css({ display: 'inline', me: '1' })} />
                    <Trans>Mark Attendance</Trans>
                  </Link>
                </div>
                {students.length === 0 ? (
                  <p className={styles.meta}>
                    <Trans>No students in this class.</Trans>
                  </p>
                ) : (
                  <ul className={styles.list}>
                    {students.slice(0, ATTENDANCE_PREVIEW).map((s) => {
                      const mark = byStudent.get(s._id);
                      return (
                        <li key={s._id} className={styles.markRow}>
                          <span className={styles.studentName}>{s.name}</span>
                          <span className={styles.figures}>
                            {overview.isPending ? (
                              <Skeleton variant="text" w="32" />
                            ) : pastYear ? (
                              <Fraction label={pastYear} value={mark?.year ?? undefined} />
                            ) : (
                              <>
                                <Badge size="sm" tone={mark?.today ? DAY_TONES[mark.today] : 'neutral'}>
                                  {mark?.today ? todayLabel(mark.today) : t`Not marked today`}
                                </Badge>
                                <Fraction label={t`Week`} value={mark?.week} />
                                <Fraction label={t`Month`} value={mark?.month} />
                              </>
                            )}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {students.length > ATTENDANCE_PREVIEW ? (
                  <p className={styles.more}>{more(students.length - ATTENDANCE_PREVIEW)}</p>
                ) : null}
              </Card.Body>
            </Card.Root>
          </li>
        ))}
      </ul>
    </Frame>
  );
}
