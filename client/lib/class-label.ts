import { formatClassName } from '../../worker/lib/class-name';
import { isolate } from './i18n';

/**
 * A class as the school writes it ('8-A'), for every screen: inside right-to-left text it is kept apart from the
 * words around it, so Arabic shows '8-A', not 'A-8'.
 */
export function classLabel(klass: { name: string | null; section?: string | null }): string {
  return isolate(formatClassName(klass));
}
