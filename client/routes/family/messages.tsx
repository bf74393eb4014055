import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { familyProfileQuery } from '~/features/family/api';
import { currentFamily, familyApi } from '~/features/family/session';
import { FamilyMessages } from '~/features/messages/components/family-messages';

export const Route = createFileRoute('/family/messages')({
  head: () => ({ meta: [{ title: t`Messages · School Portal` }] }),
  component: FamilyMessagesPage,
});

/** The inbox on the school's clock: the zone comes with the profile the family portal opened with (cached). */
function FamilyMessagesPage() {
  const role = currentFamily()?.role ?? 'parent';
  const timeZone = useQuery(familyProfileQuery(role)).data?.user.school?.timeZone ?? undefined;
  return <FamilyMessages client={familyApi} timeZone={timeZone} />;
}
