import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import * as Field from '~/components/ui/field';
import { Meter } from '~/components/ui/meter';
import { previewOnly } from '~/components/ui/preview-notice';
import { SimpleSelect } from '~/components/ui/select';
import { type GoalPriority, goalCategories, goalPriorities, goals } from '../sample-data';

const PRIORITY_TONE: Record<GoalPriority, BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

const styles = {
  split: css({ display: 'grid', gridTemplateColumns: { base: '1fr', xl: '3fr 2fr' }, gap: { base: '4', md: '6' } }),
  goals: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '4' }),
  goal: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    p: '4',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
  }),
  goalTitle: css({ fontWeight: 'medium' }),
  goalMeta: css({ fontSize: 'sm', color: 'fg.muted' }),
  badges: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
};

// Each priority's badge is a whole phrase: word order differs by language.
const priorityBadge = (priority: GoalPriority) =>
  ({ high: t`High priority`, medium: t`Medium priority`, low: t`Low priority` })[priority];

export function GoalsTab() {
  const [category, setCategory] = useState<string>('academic');
  const [priority, setPriority] = useState<string>('medium');
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    previewOnly(t`Saving a goal`);
  };
  const categories = goalCategories();
  const priorities = goalPriorities();
  const labelOf = (options: { value: string; label: string }[], value: string) =>
    options.find((option) => option.value === value)?.label ?? value;
  return (
    <div className={styles.split}>
      <Card.Root>
        <Card.Header>
          <Card.Title>
            <Trans>Goals & targets</Trans>
          </Card.Title>
          <Card.Description>
            <Trans>Academic, personal, career and skills goals</Trans>
          </Card.Description>
        </Card.Header>
        <Card.Body>
          <div className={styles.goals}>
            {goals().map((goal) => (
              <article key={goal.title} className={styles.goal}>
                <div>
                  <h3 className={styles.goalTitle}>{goal.title}</h3>
                  <p className={styles.goalMeta}>{goal.student}</p>
                </div>
                <div className={styles.badges}>
                  <Badge tone="brand">{labelOf(categories, goal.category)}</Badge>
                  <Badge tone={PRIORITY_TONE[goal.priority]}>{priorityBadge(goal.priority)}</Badge>
                </div>
                <Meter value={goal.progress} label={t`Progress towards ${goal.title}`} />
              </article>
            ))}
          </div>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title>
            <Trans>Set a goal</Trans>
          </Card.Title>
          <Card.Description>
            <Trans>Not saved in this preview</Trans>
          </Card.Description>
        </Card.Header>
        <Card.Body>
          <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={t`Set a goal (preview)`}>
            <Field.Root>
              <Field.Label>
                <Trans>Goal</Trans>
              </Field.Label>
              <Field.Input placeholder={t`e.g. Score 90% in Science`} />
            </Field.Root>
            <Field.Root>
              <Field.Label>
                <Trans>Student</Trans>
              </Field.Label>
              <Field.Input placeholder={t`Student name`} />
            </Field.Root>
            <SimpleSelect label={t`Category`} options={categories} value={category} onValueChange={setCategory} />
            <SimpleSelect label={t`Priority`} options={priorities} value={priority} onValueChange={setPriority} />
            <Button type="submit">
              <Trans>Add goal</Trans>
            </Button>
          </form>
        </Card.Body>
      </Card.Root>
    </div>
  );
}
