import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarDays, Clock, Flag, MapPin, Pencil, Trash2, Users } from 'lucide-react';
import { useId } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { IconButton } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import type { ImportantDate } from '../api';
import {
  classLabel,
  classScope,
  formatFullDate,
  formatTimeRange,
  listOf,
  PRIORITY_TONES,
  priorityLabel,
  TYPE_TONES,
  typeLabel,
} from '../format';

const styles = {
  card: css({ h: 'full', transition: 'box-shadow', transitionDuration: 'fast', _hover: { boxShadow: 'overlay' } }),
  body: css({ gap: '3', flex: '1' }),
  top: css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' }),
  badges: css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', pt: '1' }),
  actions: css({
    display: 'flex',
    gap: '0.5',
    mt: { base: '-2.5', lg: '-1.5' },
    me: { base: '-3', lg: '-2' },
    flexShrink: '0',
  }),
  title: css({ fontSize: 'md', fontWeight: 'semibold', lineHeight: '1.4', color: 'fg', wordBreak: 'break-word' }),
  facts: css({ display: 'flex', flexDirection: 'column', gap: '1.5', color: 'fg.muted', fontSize: 'sm' }),
  fact: css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0', '& svg': { flexShrink: '0' } }),
  factText: css({ truncate: true }),
  description: css({
    color: 'fg.muted',
    fontSize: 'sm',
    lineClamp: '2',
    wordBreak: 'break-word',
    borderTopWidth: '1px',
    borderColor: 'border',
    pt: '3',
    mt: 'auto',
  }),
  danger: css({ color: 'danger.fg' }),
};

export interface DateCardProps {
  item: ImportantDate;
  onEdit: (item: ImportantDate) => void;
  onDelete: (item: ImportantDate) => void;
}

/** One important date: what, when, where, for whom, with its edit and delete buttons. */
export function DateCard({ item, onEdit, onDelete }: DateCardProps) {
  const titleId = useId();
  const time = formatTimeRange(item);
  const scope = classScope(item);
  const classNames = listOf(item.classes.map(classLabel));
  return (
    <Card.Root asChild className={styles.card}>
      <article aria-labelledby={titleId} data-testid="important-date-card">
        <Card.Body className={styles.body}>
          <div className={styles.top}>
            <div className={styles.badges}>
              <Badge tone={TYPE_TONES[item.type]}>{typeLabel(item.type)}</Badge>
              <Badge tone={PRIORITY_TONES[item.priority]}>
                <Flag size={12} aria-hidden="true" />
                <Trans>{priorityLabel(item.priority)} priority</Trans>
              </Badge>
            </div>
            <div className={styles.actions}>
              <IconButton label={t`Edit ${item.title}`} onClick={() => onEdit(item)}>
                <Pencil size={16} aria-hidden="true" />
              </IconButton>
              <IconButton label={t`Delete ${item.title}`} className={styles.danger} onClick={() => onDelete(item)}>
                <Trash2 size={16} aria-hidden="true" />
              </IconButton>
            </div>
          </div>
          <h3 id={titleId} className={styles.title}>
            {item.title}
          </h3>
          <div className={styles.facts}>
            <span className={styles.fact}>
              <CalendarDays size={16} aria-hidden="true" />
              <time dateTime={item.date} className={styles.factText}>
                {formatFullDate(item.date)}
              </time>
            </span>
            {time ? (
              <span className={styles.fact}>
                <Clock size={16} aria-hidden="true" />
                <span className={styles.factText}>{time}</span>
              </span>
            ) : null}
            {item.location ? (
              <span className={styles.fact}>
                <MapPin size={16} aria-hidden="true" />
                <span className={styles.factText}>{item.location}</span>
              </span>
            ) : null}
            <span className={styles.fact} title={classNames || undefined}>
              <Users size={16} aria-hidden="true" />
              <span className={styles.factText}>
                {scope}
                {classNames ? ` · ${classNames}` : null}
              </span>
            </span>
          </div>
          {item.description ? <p className={styles.description}>{item.description}</p> : null}
        </Card.Body>
      </article>
    </Card.Root>
  );
}
