import { t } from '@lingui/core/macro';
import { Badge } from '~/components/ui/badge';
import type { Student } from '../api';

/** 'Active' or 'Inactive', as the lists and the profile show a student's status. */
export function StatusBadge({ status }: { status: Student['status'] }) {
  return (
    <Badge tone={status === 'active' ? 'success' : 'neutral'}>{status === 'active' ? t`Active` : t`Inactive`}</Badge>
  );
}
