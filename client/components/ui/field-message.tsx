import { CircleAlert } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { field } from 'styled-system/recipes';

const spaced = css({ mt: '1.5' });

/**
 * A field's message in the danger colour, for controls that carry their own label (select, date picker)
 * and so sit outside a Field.Root.
 */
export function FieldMessage({ id, children }: { id?: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} className={cx(field().errorText, spaced)}>
      <CircleAlert aria-hidden="true" size={14} />
      <span>{children}</span>
    </p>
  );
}
