import { t } from '@lingui/core/macro';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import type { FamilyRole } from '../session';

const styles = {
  page: css({ minH: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4', bg: 'canvas' }),
  card: css({ w: 'full', maxW: 'lg' }),
};

/** A family account with nobody to show yet (a parent not linked to a child). */
export function NoChildrenScreen({ account: role }: { account: FamilyRole }) {
  return (
    <Card.Root>
      <EmptyState
        as="h1"
        icon={Users}
        title={role === 'parent' ? t`No children linked yet` : t`Your student record is not ready yet`}
        description={
          role === 'parent'
            ? t`Your account is not linked to a student yet. Please ask the school office to link your children.`
            : t`Please ask the school office to complete your enrolment.`
        }
      />
    </Card.Root>
  );
}

/** When the session check could not reach the server: the stored sign-in is kept, and trying again is one tap. */
export function FamilyErrorScreen({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <main className={styles.page}>
      <Card.Root className={styles.card}>
        <ErrorState
          as="h2"
          title={t`Your page could not be loaded`}
          description={error instanceof Error ? error.message : undefined}
          onRetry={() => void router.invalidate()}
        />
      </Card.Root>
    </main>
  );
}
