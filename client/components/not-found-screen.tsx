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
          title="Page not found"
          description="The page you asked for does not exist."
          action={
            <Link to="/dashboard" className={styles.link}>
              Go to the dashboard
            </Link>
          }
        />
      </Card.Root>
    </main>
  );
}
