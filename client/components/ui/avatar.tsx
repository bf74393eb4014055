import { Avatar as ArkAvatar } from '@ark-ui/react/avatar';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { avatar } from 'styled-system/recipes';

const { withProvider, withContext } = createStyleContext(avatar);

export const Root = withProvider(ArkAvatar.Root, 'root');
export const Image = withContext(ArkAvatar.Image, 'image');
export const Fallback = withContext(ArkAvatar.Fallback, 'fallback');

export type RootProps = ComponentProps<typeof Root>;

/** Up to two initials: first and last word ('Aarav Malhotra' → 'AM'). */
export function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

export interface AvatarProps extends Omit<RootProps, 'children'> {
  name: string;
  src?: string | null;
}

/** A person's picture or initials; decorative, since their name is always written beside it. */
export function Avatar({ name, src, ...rest }: AvatarProps) {
  return (
    <Root aria-hidden="true" {...rest}>
      <Fallback>{initialsOf(name)}</Fallback>
      {src ? <Image src={src} alt="" /> : null}
    </Root>
  );
}
