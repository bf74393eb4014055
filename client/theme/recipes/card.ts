import { defineSlotRecipe } from '@pandacss/dev';

export const card = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      bg: 'surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
      boxShadow: 'card',
      minW: '0',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '5', pt: '5' },
    title: { fontSize: 'md', fontWeight: 'semibold', color: 'fg', lineHeight: '1.4' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { px: '5', py: '5', display: 'flex', flexDirection: 'column', gap: '4' },
    footer: {
      display: 'flex',
      justifyContent: 'flex-end',
      gap: '2',
      px: '5',
      py: '4',
      borderTopWidth: '1px',
      borderColor: 'border',
    },
  },
});
