import { type RefObject, useCallback, useEffect, useState } from 'react';

const INVALID = '[aria-invalid="true"], [data-invalid] button, [data-invalid] input';

/**
 * Takes the person to the first field a form marks invalid: call the answer right after setting the errors. The
 * move waits for the form to have drawn them (an effect, then the next frame): a refusal that arrives after an
 * `await` is drawn in a later task than the one that set it, and a frame asked for at once could come first and
 * find no field marked. `center` brings the field to the middle of a long form, its message with it.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, { center = false } = {}) {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked === 0) return;
    const frame = requestAnimationFrame(() => {
      const field = form.current?.querySelector<HTMLElement>(INVALID);
      if (center) field?.scrollIntoView({ block: 'center' });
      field?.focus({ preventScroll: center });
    });
    return () => cancelAnimationFrame(frame);
  }, [asked, form, center]);
  return useCallback(() => setAsked((count) => count + 1), []);
}
