import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Armchair, GraduationCap, School, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { StatCard } from '~/components/ui/stat';
import { currentLanguage } from '~/lib/i18n';
import type { Classroom, Student, Subject, Teacher } from '../api';
import { capacityTone, classLabel, formatCount } from '../format';
import { CapacityBadge, CapacityMeter } from './capacity-badge';
import { type LoadProblem, NoClasses, ProblemState } from './empty-states';

const styles = {
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: { base: '3', md: '4' },
    mb: '6',
  }),
  heading: css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '2', mb: '3' }),
  title: css({ fontSize: 'md', fontWeight: 'semibold' }),
  count: css({ fontSize: 'sm', color: 'fg.muted' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: {
      base: '1fr',
      sm: 'repeat(2, minmax(0, 1fr))',
      lg: 'repeat(3, minmax(0, 1fr))',
      '2xl': 'repeat(4, minmax(0, 1fr))',
    },
    gap: '4',
  }),
  cardTop: css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' }),
  cardTitle: css({ fontSize: 'md', fontWeight: 'semibold' }),
  teacher: css({ fontSize: 'sm', color: 'fg.muted' }),
  facts: css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '2', fontSize: 'sm' }),
  fact: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  factLabel: css({ fontSize: 'xs', color: 'fg.muted' }),
  factValue: css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }),
};

export interface OverviewTabProps {
  loading: boolean;
  problem: LoadProblem | null;
  classes: Classroom[];
  visibleClasses: Classroom[];
  students: Student[];
  teachers: Teacher[];
  subjects: Subject[];
  filtering: boolean;
  onAddClass: () => void;
  onClearFilters: () => void;
}

/** 'Class 8-A', a class's own heading. */
export function classTitle(c: Pick<Classroom, 'name' | 'section'>) {
  const label = classLabel(c);
  return t`Class ${label}`;
}

const subjectCount = (subjects: number) => plural(subjects, { one: '# subject', other: '# subjects' });

function studentsLine(seated: number, unplaced: number) {
  const inClasses = formatCount(seated);
  const without = formatCount(unplaced);
  return t`${inClasses} in classes · ${without} without a class`;
}

function teachersLine(active: number, classTeachers: number) {
  const working = formatCount(active);
  const leading = formatCount(classTeachers);
  return t`${working} active · ${leading} class teachers`;
}

function placesLine(seated: number, places: number, nearlyFull: number, full: number) {
  const taken = formatCount(seated);
  const all = formatCount(places);
  const nearly = formatCount(nearlyFull);
  const atCapacity = formatCount(full);
  return t`${taken} of ${all} · ${nearly} nearly full · ${atCapacity} full`;
}

/** '87%': whole percent, in the reader's digits. */
const filled = (share: number) =>
  new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 0 }).format(share);

function matching(visible: number, all: number) {
  const shown = formatCount(visible);
  const total = formatCount(all);
  return t`${shown} of ${total} classes match`;
}

/** Whole-school figures, then a card per class (these follow the search and grade filter). */
export function OverviewTab(props: OverviewTabProps) {
  const { loading, classes, visibleClasses, students, teachers, subjects, filtering } = props;
  const seated = classes.reduce((n, c) => n + c.studentCount, 0);
  const places = classes.reduce((n, c) => n + c.capacity, 0);
  const unplaced = students.filter((s) => !s.classId && s.status === 'active').length;
  const nearlyFull = classes.filter((c) => capacityTone(c.studentCount, c.capacity) === 'warning').length;
  const full = classes.filter((c) => capacityTone(c.studentCount, c.capacity) === 'danger').length;
  const classTeachers = new Set(classes.map((c) => c.teacherId?._id).filter(Boolean)).size;
  // The year's classes only: a rollover leaves last year's subjects with last year's classes.
  const classIds = new Set(classes.map((c) => c._id));
  const yearSubjects = subjects.filter((s) => !s.classId || classIds.has(s.classId._id)).length;

  return (
    <>
      <div className={styles.stats}>
        <StatCard
          label={t`Total Classes`}
          icon={School}
          value={formatCount(classes.length)}
          helpText={subjectCount(yearSubjects)}
          loading={loading}
        />
        <StatCard
          label={t`Total Students`}
          icon={GraduationCap}
          tone="info"
          value={formatCount(students.length)}
          helpText={studentsLine(seated, unplaced)}
          loading={loading}
        />
        <StatCard
          label={t`Total Teachers`}
          icon={Users}
          tone="success"
          value={formatCount(teachers.length)}
          helpText={teachersLine(teachers.filter((teacher) => teacher.isActive).length, classTeachers)}
          loading={loading}
        />
        <StatCard
          label={t`Places Filled`}
          icon={Armchair}
          tone={full > 0 ? 'danger' : nearlyFull > 0 ? 'warning' : 'brand'}
          value={places ? filled(seated / places) : '—'}
          helpText={placesLine(seated, places, nearlyFull, full)}
          loading={loading}
        />
      </div>

      <div className={styles.heading}>
        <h2 className={styles.title}>
          <Trans>Classes</Trans>
        </h2>
        {filtering && !loading ? (
          <p className={styles.count} aria-live="polite">
            {matching(visibleClasses.length, classes.length)}
          </p>
        ) : null}
      </div>
      {loading ? (
        <div className={styles.grid}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="40" borderRadius="card" />
          ))}
        </div>
      ) : props.problem ? (
        <Card.Root>
          <ProblemState problem={props.problem} />
        </Card.Root>
      ) : visibleClasses.length === 0 ? (
        <Card.Root>
          <NoClasses filtering={filtering} onAddClass={props.onAddClass} onClearFilters={props.onClearFilters} />
        </Card.Root>
      ) : (
        <ul className={styles.grid} aria-label={t`Classes`}>
          {visibleClasses.map((c) => (
            <li key={c._id}>
              <Card.Root>
                <Card.Body gap="3">
                  <div className={styles.cardTop}>
                    <div>
                      <h3 className={styles.cardTitle}>{classTitle(c)}</h3>
                      <p className={styles.teacher}>{c.teacherId?.name ?? t`Not assigned`}</p>
                    </div>
                    <CapacityBadge count={c.studentCount} capacity={c.capacity} />
                  </div>
                  <CapacityMeter count={c.studentCount} capacity={c.capacity} />
                  <dl className={styles.facts}>
                    <div className={styles.fact}>
                      <dt className={styles.factLabel}>
                        <Trans>Room</Trans>
                      </dt>
                      <dd className={styles.factValue}>{c.room ?? '—'}</dd>
                    </div>
                    <div className={styles.fact}>
                      <dt className={styles.factLabel}>
                        <Trans>Subjects</Trans>
                      </dt>
                      <dd className={styles.factValue} data-numeric="">
                        {formatCount(c.subjectCount)}
                      </dd>
                    </div>
                    <div className={styles.fact}>
                      <dt className={styles.factLabel}>
                        <Trans>Free places</Trans>
                      </dt>
                      <dd className={styles.factValue} data-numeric="">
                        {formatCount(Math.max(0, c.capacity - c.studentCount))}
                      </dd>
                    </div>
                  </dl>
                </Card.Body>
              </Card.Root>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
