import { t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { initials } from '~/components/ui/initials';
import { className, firstName } from '../format';
import type { ChildSummary } from '../session';

const styles = {
  nav: css({ mb: '4' }),
  list: css({
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(9.5rem, 1fr))',
    gap: '1',
    p: '1',
    m: '0',
    listStyle: 'none',
    bg: 'muted',
    borderRadius: 'xl',
    borderWidth: '1px',
    borderColor: 'border',
  }),
  link: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    minH: '3.25rem',
    px: '2.5',
    py: '1.5',
    borderRadius: 'lg',
    color: 'fg.muted',
    textDecoration: 'none',
    transitionProperty: 'background-color, color, box-shadow',
    transitionDuration: 'fast',
    _hover: { color: 'fg', bg: 'surface.hover' },
    '&[aria-current=page]': { bg: 'surface', color: 'fg', boxShadow: 'card', borderColor: 'border' },
  }),
  avatar: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '8',
    h: '8',
    borderRadius: 'full',
    bg: 'brand.muted',
    color: 'brand.fg',
    fontSize: 'xs',
    fontWeight: 'semibold',
    flexShrink: '0',
    '[aria-current=page] &': { bg: 'brand.solid', color: 'fg.inverted' },
  }),
  text: css({ display: 'flex', flexDirection: 'column', minW: '0', lineHeight: '1.25' }),
  name: css({ fontWeight: 'semibold', fontSize: 'sm', truncate: true }),
  class: css({ fontSize: 'xs', color: 'fg.muted' }),
};

function ClassOf({ child }: { child: ChildSummary }) {
  const klass = className(child.classId);
  return <span className={styles.class}>{t`Class ${klass}`}</span>;
}

/** A parent's children side by side; one tap shows another child (each has its own address). */
export function ChildSwitcher({ items }: { items: ChildSummary[] }) {
  return (
    <nav aria-label={t`Your children`} className={styles.nav}>
      <ul className={styles.list}>
        {items.map((child) => (
          <li key={child._id}>
            <Link to="/family/$childId" params={{ childId: child._id }} className={styles.link} replace>
              <span className={styles.avatar} aria-hidden="true">
                {initials(child.name)}
              </span>
              <span className={styles.text}>
                <span className={styles.name}>{firstName(child.name)}</span>
                <ClassOf child={child} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
