import { avatarAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** A round picture of a person, or their initials on a tinted disc when there is none. */
export const avatar = defineSlotRecipe({
  className: 'avatar',
  slots: avatarAnatomy.keys(),
  base: {
    root: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: '0',
      borderRadius: 'full',
      overflow: 'hidden',
      bg: 'brand.subtle',
      color: 'brand.fg',
      fontWeight: 'semibold',
      userSelect: 'none',
    },
    image: { w: 'full', h: 'full', objectFit: 'cover' },
    fallback: { lineHeight: '1', textTransform: 'uppercase' },
  },
  variants: {
    size: {
      sm: { root: { w: '8', h: '8', fontSize: 'xs' } },
      md: { root: { w: '10', h: '10', fontSize: 'sm' } },
      lg: { root: { w: '12', h: '12', fontSize: 'md' } },
    },
  },
  defaultVariants: { size: 'md' },
});
