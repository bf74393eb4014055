import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { type CSSProperties, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { i18n } from '~/lib/i18n';
import { pageDir } from '~/lib/page-locale';
import { dashboardLink, type NavLinkItem, navGroups, settingsLink } from '../nav';

const styles = {
  nav: css({ display: 'flex', flexDirection: 'column', gap: '1', px: '3', py: '3' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '0.5', listStyle: 'none' }),
  link: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    minH: { base: 'touch', lg: '9' },
    px: '2.5',
    py: '1.5',
    borderRadius: 'lg',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg.muted',
    textDecoration: 'none',
    transitionProperty: 'background-color, color',
    transitionDuration: 'fast',
    _hover: { bg: 'surface.hover', color: 'fg' },
    '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' },
    '& svg': { flexShrink: '0' },
  }),
  linkRail: css({ justifyContent: 'center', px: '0', w: '11', h: '11', mx: 'auto' }),
  linkText: css({ lineHeight: '1.3', minW: '0' }),
  preview: css({ ms: 'auto', flexShrink: '0' }),
  group: css({ display: 'flex', flexDirection: 'column', mt: '3' }),
  groupTrigger: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    w: 'full',
    minH: { base: 'touch', lg: '8' },
    px: '2.5',
    borderRadius: 'md',
    fontSize: 'xs',
    fontWeight: 'semibold',
    letterSpacing: 'wide',
    textTransform: 'uppercase',
    color: 'fg.muted',
    cursor: 'pointer',
    _hover: { color: 'fg', bg: 'surface.hover' },
    '& [data-part=indicator]': {
      display: 'inline-flex',
      transition: 'transform',
      transitionDuration: 'fast',
      _closed: { transform: 'rotate(-90deg)', _rtl: { transform: 'rotate(90deg)' } },
    },
  }),
  groupContent: css({
    overflow: 'hidden',
    _open: { animation: 'collapseDown {durations.enter} ease-out' },
    _closed: { animation: 'collapseUp {durations.exit} ease-in' },
  }),
  groupContentInner: css({ pt: '0.5' }),
  railDivider: css({ h: '1px', bg: 'border', mx: '2', my: '2' }),
};

function NavLink({ item, rail, onNavigate }: { item: NavLinkItem; rail: boolean; onNavigate?: () => void }) {
  const Icon = item.icon;
  const label = i18n._(item.label);
  return (
    <Link
      to={item.to}
      className={cx(styles.link, rail && styles.linkRail)}
      title={rail ? (item.preview ? t`${label} (Preview)` : label) : undefined}
      onClick={onNavigate}
    >
      <Icon size={18} aria-hidden="true" />
      <span className={rail ? css({ srOnly: true }) : styles.linkText}>{label}</span>
      {item.preview ? (
        <Badge size="sm" tone="warning" className={rail ? css({ srOnly: true }) : styles.preview}>
          <Trans>Preview</Trans>
        </Badge>
      ) : null}
    </Link>
  );
}

interface NavGroupSectionProps {
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/**
 * A group that folds away under its heading: a button and the region it shows or hides, with the same parts,
 * states and animation as the Ark collapsible it replaces (whose machinery would weigh on every screen).
 */
function NavGroupSection({ label, open, onOpenChange, children }: NavGroupSectionProps) {
  const contentId = useId();
  const content = useRef<HTMLDivElement>(null);
  // Shown while open and while its closing animation runs; animated only once it has been toggled.
  const [visible, setVisible] = useState(open);
  const [toggled, setToggled] = useState(false);
  const [height, setHeight] = useState<number>();
  if (open && !visible) setVisible(true);

  useLayoutEffect(() => {
    const element = content.current;
    if (!element || !visible) return;
    // The animation runs to and from the natural height, measured with the animation held off.
    const animation = element.style.animationName;
    element.style.animationName = 'none';
    setHeight(element.getBoundingClientRect().height);
    element.style.animationName = animation;
    if (!open && getComputedStyle(element).animationName === 'none') setVisible(false);
  }, [open, visible]);

  const state = open ? 'open' : 'closed';
  const part = (name: string) => ({ 'data-scope': 'collapsible', 'data-part': name, dir: pageDir() });
  return (
    <div {...part('root')} className={styles.group} data-state={state}>
      <button
        {...part('trigger')}
        type="button"
        className={styles.groupTrigger}
        data-state={state}
        aria-controls={contentId}
        aria-expanded={visible}
        onClick={() => {
          setToggled(true);
          onOpenChange(!open);
        }}
      >
        <span>{label}</span>
        <div {...part('indicator')} data-state={state}>
          <ChevronDown size={14} aria-hidden="true" />
        </div>
      </button>
      <div
        {...part('content')}
        ref={content}
        id={contentId}
        className={styles.groupContent}
        data-collapsible=""
        data-state={toggled ? state : undefined}
        hidden={!visible}
        style={{ '--height': height === undefined ? undefined : `${height}px` } as CSSProperties}
        onAnimationEnd={() => {
          if (!open) setVisible(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}

export interface SideNavProps {
  /** The icon rail: links show their icon only (their names stay for assistive technology). */
  rail?: boolean;
  /** Called when a link is chosen (the drawer closes). */
  onNavigate?: () => void;
}

export function SideNav({ rail = false, onNavigate }: SideNavProps) {
  const [open, setOpen] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(navGroups.map((group) => [group.id, true])),
  );

  return (
    <nav aria-label={t`Main`} className={styles.nav}>
      <ul className={styles.list}>
        <li>
          <NavLink item={dashboardLink} rail={rail} onNavigate={onNavigate} />
        </li>
      </ul>
      {navGroups.map((group) =>
        rail ? (
          <div key={group.id}>
            <div className={styles.railDivider} />
            <ul className={styles.list} aria-label={i18n._(group.label)}>
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink item={item} rail onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <NavGroupSection
            key={group.id}
            label={i18n._(group.label)}
            open={open[group.id] ?? true}
            onOpenChange={(next) => setOpen((current) => ({ ...current, [group.id]: next }))}
          >
            <ul className={cx(styles.list, styles.groupContentInner)} aria-label={i18n._(group.label)}>
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink item={item} rail={false} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </NavGroupSection>
        ),
      )}
      {rail ? <div className={styles.railDivider} /> : null}
      <ul className={cx(styles.list, !rail && styles.group)}>
        <li>
          <NavLink item={settingsLink} rail={rail} onNavigate={onNavigate} />
        </li>
      </ul>
    </nav>
  );
}
