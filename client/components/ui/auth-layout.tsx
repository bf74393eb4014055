import { t } from '@lingui/core/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import { GraduationCap } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import * as Card from './card';

const styles = {
  page: css({
    minH: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: { base: 'flex-start', sm: 'center' },
    gap: '6',
    px: '4',
    py: { base: '10', sm: '12' },
    bg: 'canvas',
    backgroundImage: 'radial-gradient(ellipse 80% 50% at 50% -10%, {colors.brand.100}, transparent)',
  }),
  column: css({ w: 'full', maxW: '26rem', display: 'flex', flexDirection: 'column', gap: '6' }),
  brand: css({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '2.5' }),
  mark: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '10',
    h: '10',
    borderRadius: 'xl',
    bg: 'brand.solid',
    color: 'fg.inverted',
    boxShadow: 'card',
  }),
  brandName: css({ fontSize: 'xl', fontWeight: 'semibold', letterSpacing: 'tight' }),
  header: css({ px: { base: '5', sm: '7' }, pt: { base: '6', sm: '7' } }),
  title: css({ fontSize: '2xl', fontWeight: 'semibold', letterSpacing: 'tight', lineHeight: '1.3' }),
  body: css({ px: { base: '5', sm: '7' }, pb: { base: '6', sm: '7' }, pt: '5' }),
  footer: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2', textAlign: 'center' }),
};

export interface AuthLayoutProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Links below the card: other sign-in pages. */
  footer?: ReactNode;
}

/** The frame of the sign-in screens: product mark, a card with the form, other ways in below. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <div className={styles.brand}>
          <span className={styles.mark}>
            <GraduationCap size={22} aria-hidden="true" />
          </span>
          <span className={styles.brandName}>{t`School Portal`}</span>
        </div>
        <Card.Root>
          <Card.Header className={styles.header}>
            <h1 className={styles.title}>{title}</h1>
            <Card.Description>{description}</Card.Description>
          </Card.Header>
          <div className={styles.body}>{children}</div>
        </Card.Root>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </main>
  );
}

export const authLinkClass = css({
  color: 'brand.fg',
  fontWeight: 'medium',
  textDecoration: 'underline',
  textDecorationColor: 'brand.border',
  textUnderlineOffset: '3px',
  _hover: { textDecorationColor: 'currentColor' },
});

export const mutedTextClass = css({ fontSize: 'sm', color: 'fg.muted' });

const otherWaysClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  columnGap: '4',
  listStyle: 'none',
  p: '0',
});
// Parents and students arrive here on phones: each way in is a full touch target.
const otherLinkClass = css({ display: 'inline-flex', alignItems: 'center', minH: 'touch' });

/** The other sign-in pages, so nobody is stuck on the wrong one. */
export function OtherSignIns({ links }: { links: { to: LinkProps['to']; label: string }[] }) {
  return (
    <>
      <p className={mutedTextClass}>{t`Other ways to sign in`}</p>
      <ul className={otherWaysClass}>
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className={cx(authLinkClass, otherLinkClass)}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
