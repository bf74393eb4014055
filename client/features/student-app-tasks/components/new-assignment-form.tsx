import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import * as Field from '~/components/ui/field';
import { previewOnly } from '~/components/ui/preview-notice';
import { SimpleSelect } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { taskPriorities } from '../sample-data';

const styles = { form: css({ display: 'flex', flexDirection: 'column', gap: '4' }) };

/** The assignment form as it will look; submitting explains that it is not available yet. */
export function NewAssignmentForm() {
  const [priority, setPriority] = useState<string>('medium');
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    previewOnly(t`Creating an assignment`);
  };
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>New assignment</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Not saved in this preview</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={t`New assignment (preview)`}>
          <Field.Root>
            <Field.Label>
              <Trans>Title</Trans>
            </Field.Label>
            <Field.Input placeholder={t`e.g. Chapter 4 exercises`} />
          </Field.Root>
          <Field.Root>
            <Field.Label>
              <Trans>Subject</Trans>
            </Field.Label>
            <Field.Input placeholder={t`e.g. Mathematics`} />
          </Field.Root>
          <SimpleSelect label={t`Priority`} options={taskPriorities()} value={priority} onValueChange={setPriority} />
          <Field.Root>
            <Field.Label>
              <Trans>Instructions</Trans>
            </Field.Label>
            <Textarea rows={3} />
          </Field.Root>
          <Button type="submit">
            <Trans>Create assignment</Trans>
          </Button>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
