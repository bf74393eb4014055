import { t } from '@lingui/core/macro';
import { ClipboardList } from 'lucide-react';
import { css } from 'styled-system/css';
import { EmptyState } from '~/components/ui/empty-state';

export const tabStyles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' }, minW: '0' }),
  toolbar: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(12rem, 14rem))' },
    gap: '3',
    alignItems: 'end',
    mb: '4',
    // A long choice (a homework's title) is cut short in its field rather than widening the page.
    '& > *': { minW: '0' },
  }),
  scroller: css({ maxH: '70vh' }),
  primary: css({ display: 'block', fontWeight: 'medium', color: 'fg' }),
  secondary: css({ display: 'block', fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' }),
  nowrap: css({ whiteSpace: 'nowrap' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  actions: css({ textAlign: 'end', whiteSpace: 'nowrap' }),
  srOnly: css({ srOnly: true }),
};

/** The school has no homework yet: what to do about it. */
export function NoHomework({ filtered = false }: { filtered?: boolean }) {
  return (
    <EmptyState
      as="h3"
      icon={ClipboardList}
      title={filtered ? t`No homework matches these filters` : t`No homework set yet`}
      description={
        filtered
          ? t`Choose another class or status, or clear the filters.`
          : t`Teachers set homework for their classes from their own Homework screen; it appears here as soon as it is set.`
      }
    />
  );
}
