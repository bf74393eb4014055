import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import * as Field from '~/components/ui/field';
import { previewOnly } from '~/components/ui/preview-notice';
import { SimpleSelect } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { TASK_PRIORITIES } from '../sample-data';

const styles = { form: css({ display: 'flex', flexDirection: 'column', gap: '4' }) };

/** The assignment form as it will look; submitting explains that it is not available yet. */
export function NewAssignmentForm() {
  const [priority, setPriority] = useState<string>('Medium');
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    previewOnly('Creating an assignment');
  };
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>New assignment</Card.Title>
        <Card.Description>Not saved in this preview</Card.Description>
      </Card.Header>
      <Card.Body>
        <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="New assignment (preview)">
          <Field.Root>
            <Field.Label>Title</Field.Label>
            <Field.Input placeholder="e.g. Chapter 4 exercises" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Subject</Field.Label>
            <Field.Input placeholder="e.g. Mathematics" />
          </Field.Root>
          <SimpleSelect
            label="Priority"
            options={TASK_PRIORITIES.map((value) => ({ value, label: value }))}
            value={priority}
            onValueChange={setPriority}
          />
          <Field.Root>
            <Field.Label>Instructions</Field.Label>
            <Textarea rows={3} />
          </Field.Root>
          <Button type="submit">Create assignment</Button>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
