import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Activity, FilePlus2, GraduationCap, Target, Trophy } from 'lucide-react';
import { css } from 'styled-system/css';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { PageHeader } from '~/components/ui/page-header';
import { PreviewBadge, PreviewNotice, previewOnly } from '~/components/ui/preview-notice';
import { SimpleTable } from '~/components/ui/simple-table';
import { StatCard } from '~/components/ui/stat';
import * as Tabs from '~/components/ui/tabs';
import {
  activities,
  activityTypeLabel,
  classProgress,
  count,
  gpa,
  type ProgressStatus,
  percent,
  progressReports,
  SUMMARY,
  statusLabel,
  studentProgress,
} from '../sample-data';
import { GoalsTab } from './goals-tab';

export const STATUS_TONE: Record<ProgressStatus, BadgeTone> = {
  improving: 'success',
  stable: 'info',
  declining: 'danger',
};

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  description: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
  }),
  split: css({ display: 'grid', gridTemplateColumns: { base: '1fr', xl: '3fr 2fr' }, gap: { base: '4', md: '6' } }),
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '3',
    py: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0', pt: '0' },
  }),
  itemTitle: css({ fontWeight: 'medium' }),
  itemMeta: css({ fontSize: 'sm', color: 'fg.muted' }),
  cardHeader: css({ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', gap: '3' }),
  strong: css({ fontWeight: 'medium' }),
};

const participants = (n: number) => plural(n, { one: '# student', other: '# students' });
const statusBadge = (status: ProgressStatus) => <Badge tone={STATUS_TONE[status]}>{statusLabel(status)}</Badge>;

export function StudentProgressScreen() {
  const sampleActivities = activities();
  return (
    <div className={styles.page}>
      <PageHeader
        title={t`Student Performance Reports`}
        description={
          <span className={styles.description}>
            <PreviewBadge />
            <Trans>Academic progress, activities and goals of your students.</Trans>
          </span>
        }
        actions={
          <Button onClick={() => previewOnly(t`Generating a progress report`)}>
            <FilePlus2 size={16} aria-hidden="true" />
            <Trans>Generate report</Trans>
          </Button>
        }
      />
      <PreviewNotice>
        {t`This screen shows how progress tracking will look, with fixed sample figures rather than your school's data.`}
      </PreviewNotice>
      <div className={styles.stats}>
        <StatCard
          label={t`Students`}
          icon={GraduationCap}
          value={count(SUMMARY.students)}
          helpText={t`Tracked this term`}
        />
        <StatCard
          label={t`Average GPA`}
          icon={Trophy}
          tone="success"
          value={gpa(SUMMARY.averageGpa)}
          helpText={t`Out of 4.0`}
        />
        <StatCard
          label={t`Activities`}
          icon={Activity}
          tone="info"
          value={count(SUMMARY.activities)}
          helpText={t`This term`}
        />
        <StatCard
          label={t`Goals achieved`}
          icon={Target}
          tone="warning"
          value={percent(SUMMARY.goalsAchieved)}
          helpText={t`Of goals set this year`}
        />
      </div>
      <Tabs.Root defaultValue="overview" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="overview">
            <Trans>Overview</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="academic">
            <Trans>Academic Progress</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="activities">
            <Trans>Activities</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="goals">
            <Trans>Goals & Targets</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="reports">
            <Trans>Progress Reports</Trans>
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="overview">
          <div className={styles.split}>
            <Card.Root>
              <Card.Header>
                <Card.Title>
                  <Trans>Progress by class</Trans>
                </Card.Title>
                <Card.Description>
                  <Trans>Average GPA and attendance this term</Trans>
                </Card.Description>
              </Card.Header>
              <Card.Body>
                <SimpleTable
                  caption={t`Sample progress by class`}
                  rows={classProgress()}
                  rowKey={(row) => row.className}
                  columns={[
                    { key: 'class', header: t`Class`, render: (row) => row.className },
                    { key: 'gpa', header: t`Average GPA`, numeric: true, render: (row) => gpa(row.gpa) },
                    {
                      key: 'attendance',
                      header: t`Attendance`,
                      numeric: true,
                      render: (row) => percent(row.attendance),
                    },
                    { key: 'status', header: t`Trend`, render: (row) => statusBadge(row.status) },
                  ]}
                />
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Header>
                <Card.Title>
                  <Trans>Recent activities</Trans>
                </Card.Title>
                <Card.Description>
                  <Trans>Events students took part in</Trans>
                </Card.Description>
              </Card.Header>
              <Card.Body>
                <ul className={styles.list}>
                  {sampleActivities.slice(0, 4).map((activity) => (
                    <li key={activity.title} className={styles.item}>
                      <div>
                        <p className={styles.itemTitle}>{activity.title}</p>
                        <p className={styles.itemMeta}>
                          {participants(activity.participants)} · {activity.date}
                        </p>
                      </div>
                      <Badge tone="brand">{activityTypeLabel(activity.type)}</Badge>
                    </li>
                  ))}
                </ul>
              </Card.Body>
            </Card.Root>
          </div>
        </Tabs.Content>
        <Tabs.Content value="academic">
          <Card.Root>
            <Card.Header>
              <Card.Title>
                <Trans>Academic progress</Trans>
              </Card.Title>
              <Card.Description>
                <Trans>GPA last term and this term</Trans>
              </Card.Description>
            </Card.Header>
            <Card.Body>
              <SimpleTable
                caption={t`Sample academic progress`}
                rows={studentProgress()}
                rowKey={(row) => row.name}
                columns={[
                  {
                    key: 'name',
                    header: t`Student`,
                    render: (row) => <span className={styles.strong}>{row.name}</span>,
                  },
                  { key: 'class', header: t`Class`, render: (row) => row.className },
                  { key: 'previous', header: t`Last term`, numeric: true, render: (row) => gpa(row.previous) },
                  { key: 'current', header: t`This term`, numeric: true, render: (row) => gpa(row.current) },
                  { key: 'status', header: t`Status`, render: (row) => statusBadge(row.status) },
                ]}
              />
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
        <Tabs.Content value="activities">
          <Card.Root>
            <Card.Header className={styles.cardHeader}>
              <div>
                <Card.Title>
                  <Trans>Activities</Trans>
                </Card.Title>
                <Card.Description>
                  <Trans>Academic, sports, arts, leadership and community service</Trans>
                </Card.Description>
              </div>
              <Button variant="outline" onClick={() => previewOnly(t`Adding an activity`)}>
                <Trans>Add activity</Trans>
              </Button>
            </Card.Header>
            <Card.Body>
              <SimpleTable
                caption={t`Sample activities`}
                rows={sampleActivities}
                rowKey={(row) => row.title}
                columns={[
                  {
                    key: 'title',
                    header: t`Activity`,
                    render: (row) => <span className={styles.strong}>{row.title}</span>,
                  },
                  {
                    key: 'type',
                    header: t`Type`,
                    render: (row) => <Badge tone="brand">{activityTypeLabel(row.type)}</Badge>,
                  },
                  { key: 'participants', header: t`Students`, numeric: true, render: (row) => count(row.participants) },
                  { key: 'date', header: t`Date`, render: (row) => row.date },
                ]}
              />
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
        <Tabs.Content value="goals">
          <GoalsTab />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <Card.Root>
            <Card.Header>
              <Card.Title>
                <Trans>Progress reports</Trans>
              </Card.Title>
              <Card.Description>
                <Trans>Reports to share with parents and teachers</Trans>
              </Card.Description>
            </Card.Header>
            <Card.Body>
              <ul className={styles.list}>
                {progressReports().map((report) => (
                  <li key={report.title} className={styles.item}>
                    <div>
                      <p className={styles.itemTitle}>{report.title}</p>
                      <p className={styles.itemMeta}>
                        {report.period} · {report.scope}
                      </p>
                    </div>
                    <Button size="sm" variant="outline" onClick={() => previewOnly(t`Generating a report`)}>
                      <Trans>Generate</Trans>
                    </Button>
                  </li>
                ))}
              </ul>
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
