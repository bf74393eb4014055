import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { type SchoolInfo, schoolInfoQuery } from '../api';

/**
 * A Settings card over the school's settings: its title and why, a placeholder while they load, a retry when they
 * fail, then the controls `children` draws from them.
 */
export function SchoolSettingCard({
  id,
  title,
  description,
  skeletonHeight = '6',
  children,
}: {
  /** Names the card's region after its title. */
  id: string;
  title: ReactNode;
  description: ReactNode;
  skeletonHeight?: string;
  children: (info: SchoolInfo) => ReactNode;
}) {
  const info = useQuery(schoolInfoQuery());
  return (
    <Card.Root aria-labelledby={`${id}-title`}>
      <Card.Header>
        <Card.Title id={`${id}-title`}>{title}</Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body>
        {info.isPending ? (
          <Skeleton h={skeletonHeight} />
        ) : info.isError ? (
          <ErrorState
            title={t`The school's settings could not be loaded`}
            description={info.error.message}
            onRetry={() => void info.refetch()}
            retrying={info.isFetching}
          />
        ) : (
          children(info.data)
        )}
      </Card.Body>
    </Card.Root>
  );
}
