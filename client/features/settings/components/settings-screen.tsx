import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Building2, CalendarPlus, DatabaseBackup, GraduationCap, History } from 'lucide-react';
import { css } from 'styled-system/css';
import { lazyPart, usePreloadWhenIdle } from '~/components/ui/lazy-part';
import { PageHeader } from '~/components/ui/page-header';
import * as Tabs from '~/components/ui/tabs';
import type { SettingsTab } from '../search';
import { SchoolInfoForm } from './school-info-form';

// Other tabs, dialogs and forms opened on a click: their code loads once the screen has drawn.
const BackupsPanel = lazyPart(
  () => import('./backups-panel').then((m) => m.BackupsPanel),
  () => true,
);
const GradingPanel = lazyPart(
  () => import('./grading-panel').then((m) => m.GradingPanel),
  () => true,
);
const AbsenceAlertsCard = lazyPart(
  () => import('./absence-alerts-card').then((m) => m.AbsenceAlertsCard),
  () => true,
);
const RolloverPanel = lazyPart(
  () => import('./rollover-panel').then((m) => m.RolloverPanel),
  () => true,
);
const ActivityLogPanel = lazyPart(
  () => import('./activity-log-panel').then((m) => m.ActivityLogPanel),
  () => true,
);

export interface SettingsScreenProps {
  tab: SettingsTab;
  onTabChange: (tab: SettingsTab) => void;
}

export function SettingsScreen({ tab, onTabChange }: SettingsScreenProps) {
  usePreloadWhenIdle(AbsenceAlertsCard, GradingPanel, RolloverPanel, BackupsPanel, ActivityLogPanel);
  return (
    <>
      <PageHeader
        title={t`Settings`}
        description={t`School information and absence alerts, terms and grading, backups of the school's data, and the activity log.`}
      />
      <Tabs.Root value={tab} onValueChange={(details) => onTabChange(details.value as SettingsTab)} lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="school">
            <Building2 size={16} aria-hidden="true" />
            <Trans>School information</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="grading">
            <GraduationCap size={16} aria-hidden="true" />
            <Trans>Terms and grading</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="year">
            <CalendarPlus size={16} aria-hidden="true" />
            <Trans>New school year</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="backups">
            <DatabaseBackup size={16} aria-hidden="true" />
            <Trans>Backups</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="activity">
            <History size={16} aria-hidden="true" />
            <Trans>Activity log</Trans>
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="school">
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
            <SchoolInfoForm />
            <AbsenceAlertsCard />
          </div>
        </Tabs.Content>
        <Tabs.Content value="grading">
          <GradingPanel />
        </Tabs.Content>
        <Tabs.Content value="year">
          <RolloverPanel />
        </Tabs.Content>
        <Tabs.Content value="backups">
          <BackupsPanel />
        </Tabs.Content>
        <Tabs.Content value="activity">
          <ActivityLogPanel />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
