import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Compass } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';

const styles = {
  page: css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: { base: '4', md: '6' } }),
  card: css({ w: 'full', maxW: 'md' }),
  link: css({ color: 'brand.fg', fontWeight: 'medium', _hover: { textDecoration: 'underline' } }),
};

export function NotFoundScreen() {
  return (
    <main className={styles.page}>
      <Card.Root className={styles.card}>
        <EmptyState
          as="h1"
          icon={Compass}
          title={t`Page not found`}
          description={t`The page you asked for does not exist.`}
          action={
            <Link to="/dashboard" className={styles.link}>
              <Trans>Go to the dashboard</Trans>
            </Link>
          }
        />
      </Card.Root>
    </main>
  );
}
