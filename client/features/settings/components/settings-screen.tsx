import { Building2, DatabaseBackup, History } from 'lucide-react';
import { PageHeader } from '~/components/ui/page-header';
import * as Tabs from '~/components/ui/tabs';
import type { SettingsTab } from '../search';
import { ActivityLogPanel } from './activity-log-panel';
import { BackupsPanel } from './backups-panel';
import { SchoolInfoForm } from './school-info-form';

export interface SettingsScreenProps {
  tab: SettingsTab;
  onTabChange: (tab: SettingsTab) => void;
}

export function SettingsScreen({ tab, onTabChange }: SettingsScreenProps) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="School information, backups of the school's data, and the activity log."
      />
      <Tabs.Root value={tab} onValueChange={(details) => onTabChange(details.value as SettingsTab)} lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="school">
            <Building2 size={16} aria-hidden="true" />
            School information
          </Tabs.Trigger>
          <Tabs.Trigger value="backups">
            <DatabaseBackup size={16} aria-hidden="true" />
            Backups
          </Tabs.Trigger>
          <Tabs.Trigger value="activity">
            <History size={16} aria-hidden="true" />
            Activity log
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
