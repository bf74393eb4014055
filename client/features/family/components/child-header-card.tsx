import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Mail, Phone } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Badge } from '~/components/ui/badge';
import * as Card from '~/components/ui/card';
import { initials } from '~/components/ui/initials';
import type { ChildOverview } from '../api';
import { className, studentStatusLabel } from '../format';

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '4', md: '5' } }),
  who: css({ display: 'flex', alignItems: 'center', gap: '3.5', minW: '0' }),
  avatar: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '12',
    h: '12',
    borderRadius: 'full',
    bg: 'brand.solid',
    color: 'fg.inverted',
    fontWeight: 'semibold',
    flexShrink: '0',
  }),
  nameBlock: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  name: css({ fontSize: 'xl', fontWeight: 'semibold', letterSpacing: 'tight', lineHeight: '1.3' }),
  facts: css({
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: '3',
    rowGap: '1',
    fontSize: 'sm',
    color: 'fg.muted',
    '& strong': { color: 'fg', fontWeight: 'medium' },
  }),
  teacher: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    gap: '3',
    pt: '4',
    borderTopWidth: '1px',
    borderColor: 'border',
  }),
  teacherText: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  label: css({
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'fg.muted',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  }),
  teacherName: css({ fontWeight: 'medium', color: 'fg' }),
  contact: css({
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '2',
    sm: { display: 'flex' },
  }),
  contactLink: css({ minW: '0' }),
  muted: css({ fontSize: 'sm', color: 'fg.muted' }),
  reach: css({ fontSize: 'sm', color: 'fg.muted', wordBreak: 'break-word' }),
};

const contactClass = button({ variant: 'outline', size: 'md' });

/** The chosen child at a glance: name, class, roll number, room, and how to reach the class teacher. */
export function ChildHeaderCard({ overview }: { overview: ChildOverview }) {
  const { child, classTeacher } = overview;
  const room = child.classId?.room;
  const name = child.name;
  const klass = className(child.classId);
  const roll = child.rollNumber;
  const teacherName = classTeacher?.name ?? '';
  const email = classTeacher?.email ?? '';
  const phone = classTeacher?.phone ?? '';
  return (
    <Card.Root aria-label={t`${name}'s details`}>
      <div className={styles.body}>
        <div className={styles.who}>
          <span className={styles.avatar} aria-hidden="true">
            {initials(child.name)}
          </span>
          <div className={styles.nameBlock}>
            <h2 className={styles.name}>{child.name}</h2>
            <p className={styles.facts}>
              <span>
                <Trans>
                  Class <strong data-testid="child-class">{klass}</strong>
                </Trans>
              </span>
              {child.rollNumber ? (
                <span>
                  <Trans>
                    Roll no. <strong>{roll}</strong>
                  </Trans>
                </span>
              ) : null}
              {room ? (
                <span>
                  <Trans>
                    Room <strong>{room}</strong>
                  </Trans>
                </span>
              ) : null}
              {child.status !== 'active' ? (
                <Badge tone="warning" size="sm">
                  {studentStatusLabel(child.status)}
                </Badge>
              ) : null}
            </p>
          </div>
        </div>
        <div className={styles.teacher}>
          <div className={styles.teacherText}>
            <span className={styles.label}>
              <Trans>Class teacher</Trans>
            </span>
            {classTeacher ? (
              <>
                <span className={styles.teacherName}>{classTeacher.name}</span>
                <span className={styles.reach}>
                  {[classTeacher.email, classTeacher.phone].filter(Boolean).join(' · ')}
                </span>
              </>
            ) : (
              <span className={styles.muted}>
                <Trans>Not assigned yet</Trans>
              </span>
            )}
          </div>
          {classTeacher && (classTeacher.email || classTeacher.phone) ? (
            <div className={styles.contact}>
              {classTeacher.email ? (
                <a
                  className={`${contactClass} ${styles.contactLink}`}
                  href={`mailto:${classTeacher.email}`}
                  aria-label={t`Email ${teacherName} (${email})`}
                >
                  <Mail size={16} aria-hidden="true" />
                  <Trans context="send an email">Email</Trans>
                </a>
              ) : null}
              {classTeacher.phone ? (
                <a
                  className={`${contactClass} ${styles.contactLink}`}
                  href={`tel:${classTeacher.phone.replace(/[^\d+]/g, '')}`}
                  aria-label={t`Call ${teacherName} (${phone})`}
                >
                  <Phone size={16} aria-hidden="true" />
                  <Trans>Call</Trans>
                </a>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </Card.Root>
  );
}
