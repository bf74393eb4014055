import type { ComponentProps } from 'react';
import { css, cx } from 'styled-system/css';

// The form sits between the dialog's content and its header, body and footer: it must pass the column
// layout on, or a tall body cannot scroll and the footer's buttons fall below a phone's screen.
const formClass = css({ display: 'flex', flexDirection: 'column', flex: '1', minH: '0' });

/** A form that fills a dialog: header and footer stay in view while the body scrolls. */
export function DialogForm({ className, ...props }: ComponentProps<'form'>) {
  return <form className={cx(formClass, className)} {...props} />;
}
