import { type ComponentProps, useState } from 'react';
import { cx } from 'styled-system/css';
import { avatar } from 'styled-system/recipes';
import { pageDir } from '~/lib/page-locale';
import { initials } from './initials';

// Drawn with the parts and states of Ark's avatar (the recipe styles them alike) without its state machine: lists
// of people show one per row, and the machine's code weighed on every screen that has such a list.
const part = (name: string) => ({ 'data-scope': 'avatar', 'data-part': name, dir: pageDir() });

export interface AvatarProps extends Omit<ComponentProps<'div'>, 'children'> {
  name: string;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
}

/** A person's picture or initials; decorative, since their name is always written beside it. */
export function Avatar({ name, src, size, className, ...rest }: AvatarProps) {
  const [loaded, setLoaded] = useState(false);
  const classes = avatar({ size });
  return (
    <div {...part('root')} aria-hidden="true" {...rest} className={cx(classes.root, className)}>
      <span
        {...part('fallback')}
        className={classes.fallback}
        hidden={loaded}
        data-state={loaded ? 'hidden' : 'visible'}
      >
        {initials(name)}
      </span>
      {src ? (
        <img
          {...part('image')}
          className={classes.image}
          src={src}
          alt=""
          hidden={!loaded}
          data-state={loaded ? 'visible' : 'hidden'}
          onLoad={() => setLoaded(true)}
          onError={() => setLoaded(false)}
        />
      ) : null}
    </div>
  );
}
