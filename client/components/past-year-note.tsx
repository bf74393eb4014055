import { t } from '@lingui/core/macro';
import { History } from 'lucide-react';
import { Notice } from '~/components/ui/notice';
import { useViewedYear } from '~/lib/use-viewed-year';
import { storedSchoolId } from '~/lib/viewed-year';

/** In a form, while the office looks at another year than the current one: saving corrects that year. */
export function PastYearNote() {
  const year = useViewedYear(storedSchoolId());
  if (!year) return null;
  return (
    <Notice tone="warning" icon={History} data-testid="past-year-note">
      {t`You are correcting ${year}, not the current year. The change is kept in the activity log as a correction.`}
    </Notice>
  );
}
