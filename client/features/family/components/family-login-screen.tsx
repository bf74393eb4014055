import { AuthLayout, OtherSignIns } from '~/components/ui/auth-layout';
import { NotedSignInForm } from '~/components/ui/noted-sign-in-form';
import { useSignIn } from '~/features/auth';
import type { FamilyRole } from '../session';

const COPY: Record<FamilyRole, { title: string; description: string; note: string; placeholder: string }> = {
  parent: {
    title: 'Parent sign in',
    description: "See your children's attendance, timetable, dates and fees.",
    note: 'Your parent account is created by the school when your child is enrolled. Ask the school office if you have not received your sign-in details.',
    placeholder: 'you@example.com',
  },
  student: {
    title: 'Student sign in',
    description: 'See your attendance, timetable, important dates and fees.',
    note: 'Your student account is created by the school when you are enrolled. Ask your class teacher or the school office for your sign-in details.',
    placeholder: 'you@school.edu',
  },
};

export function FamilyLoginScreen({ account: role }: { account: FamilyRole }) {
  const door = useSignIn();
  const copy = COPY[role];
  if (door.step) return door.step;

  return (
    <AuthLayout
      title={copy.title}
      description={copy.description}
      footer={
        <OtherSignIns
          links={[
            role === 'parent'
              ? { to: '/student-login', label: 'Student sign-in' }
              : { to: '/parent-login', label: 'Parent sign-in' },
            { to: '/teacher-login', label: 'Teacher sign-in' },
            { to: '/login', label: 'School administrator sign-in' },
          ]}
        />
      }
    >
      <NotedSignInForm
        pending={door.busy}
        emailPlaceholder={copy.placeholder}
        note={copy.note}
        onSignIn={door.submit}
        alert={door.error}
        from={role === 'parent' ? '/parent-login' : '/student-login'}
      />
    </AuthLayout>
  );
}
