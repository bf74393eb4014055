import { portalTimeZone, schoolFormat } from '~/lib/school-time';

/** An instant (a backup, an activity) on the school's clock. */
export const formatDateTime = (iso: string) =>
  schoolFormat({ dateStyle: 'medium', timeStyle: 'short' }, portalTimeZone()).format(new Date(iso));

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** 'fee_structure' → 'Fee structure'. */
export function entityLabel(entity: string) {
  const words = entity.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
