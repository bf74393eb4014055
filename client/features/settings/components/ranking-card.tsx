import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Checkbox } from '~/components/ui/checkbox';
import { toast } from '~/lib/toast';
import { useUpdateSchoolInfo } from '../api';
import { SchoolSettingCard } from './school-setting-card';

/**
 * Whether results and report cards show each student's place in the class. Off unless the school turns it on:
 * many schools and boards forbid ranking.
 */
export function RankingCard() {
  const update = useUpdateSchoolInfo();
  const change = (rankStudents: boolean) =>
    update.mutate(
      { rankStudents },
      {
        onSuccess: () =>
          toast.success(rankStudents ? t`Results now show class ranks` : t`Results no longer show class ranks`),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <SchoolSettingCard
      id="ranking"
      title={<Trans>Class ranks</Trans>}
      description={
        <Trans>
          Many schools and boards do not rank students. When this is on, term results and report cards show each
          student's place in the class.
        </Trans>
      }
    >
      {(info) => (
        <Checkbox
          checked={info.rankStudents}
          disabled={update.isPending}
          onCheckedChange={(details) => change(details.checked === true)}
        >
          <Trans>Show class ranks on results and report cards</Trans>
        </Checkbox>
      )}
    </SchoolSettingCard>
  );
}
