import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { styled } from 'styled-system/jsx';
import { skeleton } from 'styled-system/recipes';

const StyledSkeleton = styled(ark.div, skeleton);
export type SkeletonProps = ComponentProps<typeof StyledSkeleton>;

/** A placeholder shape while content loads; hidden from assistive technology (the region announces loading). */
export function Skeleton(props: SkeletonProps) {
  return <StyledSkeleton aria-hidden="true" {...props} />;
}
