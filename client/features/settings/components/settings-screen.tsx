import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Building2, DatabaseBackup, History } from 'lucide-react';
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
const ActivityLogPanel = lazyPart(
  () => import('./activity-log-panel').then((m) => m.ActivityLogPanel),
  () => true,
);

export interface SettingsScreenProps {
  tab: SettingsTab;
  onTabChange: (tab: SettingsTab) => void;
}

export function SettingsScreen({ tab, onTabChange }: SettingsScreenProps) {
  usePreloadWhenIdle(BackupsPanel, ActivityLogPanel);
  return (
    <>
      <PageHeader
        title={t`Settings`}
        description={t`School information, backups of the school's data, and the activity log.`}
      />
      <Tabs.Root value={tab} onValueChange={(details) => onTabChange(details.value as SettingsTab)} lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="school">
            <Building2 size={16} aria-hidden="true" />
            <Trans>School information</Trans>
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
          <SchoolInfoForm />
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
