import { t } from '@lingui/core/macro';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { columnClass, columnsClass, stackClass } from './layout-classes';

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '3', p: { base: '4', md: '5' } }),
  row: css({ display: 'flex', alignItems: 'center', gap: '3' }),
  grow: css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1' }),
};

function SkeletonCard({ rows }: { rows: number }) {
  return (
    <Card.Root>
      <div className={styles.body}>
        <div className={styles.row}>
          <Skeleton w="9" h="9" />
          <Skeleton variant="text" w="32" />
        </div>
        {Array.from({ length: rows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <Skeleton key={index} h="11" w="full" />
        ))}
      </div>
    </Card.Root>
  );
}

/** The shape of a child's page while it loads. */
export function OverviewSkeleton() {
  return (
    <div className={stackClass} role="status" aria-live="polite" aria-label={t`Loading`}>
      <Card.Root>
        <div className={styles.body}>
          <div className={styles.row}>
            <Skeleton variant="circle" w="12" h="12" />
            <div className={styles.grow}>
              <Skeleton variant="text" w="40" h="5" />
              <Skeleton variant="text" w="56" />
            </div>
          </div>
          <Skeleton h="11" w="full" />
        </div>
      </Card.Root>
      <div className={columnsClass}>
        <div className={columnClass}>
          <SkeletonCard rows={4} />
          <SkeletonCard rows={3} />
        </div>
        <div className={columnClass}>
          <SkeletonCard rows={3} />
          <SkeletonCard rows={3} />
        </div>
      </div>
    </div>
  );
}
