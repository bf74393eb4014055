import { lazy, type ReactNode, Suspense } from 'react';
import { css } from 'styled-system/css';
import * as Card from './card';
import type { ChartProps } from './chart';
import { Skeleton } from './skeleton';

// Chart.js loads only when a chart is on screen, so the routes that show charts stay small.
const Chart = lazy(() => import('./chart').then((module) => ({ default: module.Chart })));

const styles = {
  header: css({ display: 'flex', flexDirection: 'row', alignItems: 'flex-start', justifyContent: 'space-between' }),
  headerText: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  aside: css({ flexShrink: '0' }),
  body: css({ flex: '1', justifyContent: 'center' }),
};

const heights = { sm: '56', md: '64', lg: '72' } as const;

export interface ChartCardProps {
  title: string;
  description?: ReactNode;
  /** A figure or badge at the header's right. */
  aside?: ReactNode;
  /** The chart, or null while its data loads. */
  chart: ChartProps | null;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: ReactNode;
  className?: string;
}

/** A card with a title, a short description and a chart that loads its library only when shown. */
export function ChartCard({ title, description, aside, chart, empty, className }: ChartCardProps) {
  const height = heights[chart?.size ?? 'md'];
  const placeholder = <Skeleton h={height} w="full" />;
  return (
    <Card.Root className={className}>
      <Card.Header className={styles.header}>
        <div className={styles.headerText}>
          <Card.Title>{title}</Card.Title>
          {description ? <Card.Description>{description}</Card.Description> : null}
        </div>
        {aside ? <div className={styles.aside}>{aside}</div> : null}
      </Card.Header>
      <Card.Body className={styles.body} aria-busy={!chart || undefined}>
        {empty ?? (chart ? <Suspense fallback={placeholder}>{<Chart {...chart} />}</Suspense> : placeholder)}
      </Card.Body>
    </Card.Root>
  );
}
