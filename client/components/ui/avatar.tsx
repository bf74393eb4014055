import { Avatar as ArkAvatar } from '@ark-ui/react/avatar';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { avatar } from 'styled-system/recipes';
import { initials } from './initials';

const { withProvider, withContext } = createStyleContext(avatar);

export const Root = withProvider(ArkAvatar.Root, 'root');
export const Image = withContext(ArkAvatar.Image, 'image');
export const Fallback = withContext(ArkAvatar.Fallback, 'fallback');

export type RootProps = ComponentProps<typeof Root>;

export interface AvatarProps extends Omit<RootProps, 'children'> {
  name: string;
  src?: string | null;
}

/** A person's picture or initials; decorative, since their name is always written beside it. */
export function Avatar({ name, src, ...rest }: AvatarProps) {
  return (
    <Root aria-hidden="true" {...rest}>
      <Fallback>{initials(name)}</Fallback>
      {src ? <Image src={src} alt="" /> : null}
    </Root>
  );
}
