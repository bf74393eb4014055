import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthLayout, OtherSignIns } from '~/components/ui/auth-layout';
import { NotedSignInForm } from '~/components/ui/noted-sign-in-form';
import { FirstPasswordStep, type PendingFirstPassword } from '~/features/auth/components/lazy-password';
import { toast } from '~/lib/toast';
import { signInErrorMessage, useFamilyLogin } from '../api';
import { type FamilyRole, type ParentData, type StudentData, storeFamilySession } from '../session';

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useFamilyLogin(role);
  const copy = COPY[role];
  const [pending, setPending] = useState<(PendingFirstPassword & { data: ParentData | StudentData }) | null>(null);

  const enter = (token: string, data: ParentData | StudentData) => {
    // Whatever an earlier family session cached belongs to someone else.
    queryClient.removeQueries({ queryKey: ['family'] });
    storeFamilySession(role, token, data);
    toast.success('Login successful!');
    void navigate({ to: '/family', replace: true });
  };

  if (pending) {
    return (
      <FirstPasswordStep
        token={pending.token}
        temporaryPassword={pending.temporaryPassword}
        onChosen={(result) => enter(result.token, pending.data)}
        onBack={() => setPending(null)}
      />
    );
  }

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
        pending={login.isPending}
        emailPlaceholder={copy.placeholder}
        note={copy.note}
        onSignIn={(credentials) =>
          login.mutate(credentials, {
            onSuccess: ({ token, data, mustChangePassword }) => {
              if (mustChangePassword) setPending({ token, data, temporaryPassword: credentials.password });
              else enter(token, data);
            },
            onError: (error) => {
              toast.error(signInErrorMessage(error, 'Login failed'));
            },
          })
        }
      />
    </AuthLayout>
  );
}
