import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import * as Field from '~/components/ui/field';
import { Meter } from '~/components/ui/meter';
import { previewOnly } from '~/components/ui/preview-notice';
import { SimpleSelect } from '~/components/ui/select';
import { GOAL_CATEGORIES, GOAL_PRIORITIES, GOALS } from '../sample-data';

const PRIORITY_TONE: Record<(typeof GOAL_PRIORITIES)[number], BadgeTone> = {
  High: 'danger',
  Medium: 'warning',
  Low: 'neutral',
};

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

export function GoalsTab() {
  const [category, setCategory] = useState<string>('Academic');
  const [priority, setPriority] = useState<string>('Medium');
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    previewOnly('Saving a goal');
  };
  return (
    <div className={styles.split}>
      <Card.Root>
        <Card.Header>
          <Card.Title>Goals & targets</Card.Title>
          <Card.Description>Academic, personal, career and skills goals</Card.Description>
        </Card.Header>
        <Card.Body>
          <div className={styles.goals}>
            {GOALS.map((goal) => (
              <article key={goal.title} className={styles.goal}>
                <div>
                  <h3 className={styles.goalTitle}>{goal.title}</h3>
                  <p className={styles.goalMeta}>{goal.student}</p>
                </div>
                <div className={styles.badges}>
                  <Badge tone="brand">{goal.category}</Badge>
                  <Badge tone={PRIORITY_TONE[goal.priority]}>{goal.priority} priority</Badge>
                </div>
                <Meter value={goal.progress} label={`Progress towards ${goal.title}`} />
              </article>
            ))}
          </div>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title>Set a goal</Card.Title>
          <Card.Description>Not saved in this preview</Card.Description>
        </Card.Header>
        <Card.Body>
          <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Set a goal (preview)">
            <Field.Root>
              <Field.Label>Goal</Field.Label>
              <Field.Input placeholder="e.g. Score 90% in Science" />
            </Field.Root>
            <Field.Root>
              <Field.Label>Student</Field.Label>
              <Field.Input placeholder="Student name" />
            </Field.Root>
            <SimpleSelect
              label="Category"
              options={GOAL_CATEGORIES.map((value) => ({ value, label: value }))}
              value={category}
              onValueChange={setCategory}
            />
            <SimpleSelect
              label="Priority"
              options={GOAL_PRIORITIES.map((value) => ({ value, label: value }))}
              value={priority}
              onValueChange={setPriority}
            />
            <Button type="submit">Add goal</Button>
          </form>
        </Card.Body>
      </Card.Root>
    </div>
  );
}
