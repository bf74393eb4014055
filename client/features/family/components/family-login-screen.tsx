import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { AuthLayout, OtherSignIns } from '~/components/ui/auth-layout';
import { NotedSignInForm } from '~/components/ui/noted-sign-in-form';
import { useSignIn } from '~/features/auth';
import { i18n } from '~/lib/i18n';
import type { FamilyRole } from '../session';

const COPY: Record<
  FamilyRole,
  { title: MessageDescriptor; description: MessageDescriptor; note: MessageDescriptor; placeholder: string }
> = {
  parent: {
    title: msg`Parent sign in`,
    description: msg`See your children's attendance, timetable, dates and fees.`,
    note: msg`Your parent account is created by the school when your child is enrolled. Ask the school office if you have not received your sign-in details.`,
    placeholder: 'you@example.com', // i18n-ignore: an address, not a text
  },
  student: {
    title: msg`Student sign in`,
    description: msg`See your attendance, timetable, important dates and fees.`,
    note: msg`Your student account is created by the school when you are enrolled. Ask your class teacher or the school office for your sign-in details.`,
    placeholder: 'you@school.edu', // i18n-ignore: an address, not a text
  },
};

export function FamilyLoginScreen({ account: role }: { account: FamilyRole }) {
  const door = useSignIn();
  const copy = COPY[role];
  if (door.step) return door.step;

  return (
    <AuthLayout
      title={i18n._(copy.title)}
      description={i18n._(copy.description)}
      footer={
        <OtherSignIns
          links={[
            role === 'parent'
              ? { to: '/student-login', label: t`Student sign-in` }
              : { to: '/parent-login', label: t`Parent sign-in` },
            { to: '/teacher-login', label: t`Teacher sign-in` },
            { to: '/login', label: t`School administrator sign-in` },
          ]}
        />
      }
    >
      <NotedSignInForm
        pending={door.busy}
        emailPlaceholder={copy.placeholder}
        note={i18n._(copy.note)}
        onSignIn={door.submit}
        alert={door.error}
        from={role === 'parent' ? '/parent-login' : '/student-login'}
      />
    </AuthLayout>
  );
}
