export const SETTINGS_TABS = ['school', 'grading', 'year', 'backups', 'activity'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export interface SettingsSearch {
  tab?: SettingsTab;
}

/** The settings route's search: which tab is open. */
export function validateSettingsSearch(search: Record<string, unknown>): SettingsSearch {
  const tab = SETTINGS_TABS.find((value) => value === search.tab);
  return tab ? { tab } : {};
}
