import { defineConfig } from '@pandacss/dev';
import { globalCss, keyframes } from './client/theme/global-css';
import { recipes, slotRecipes } from './client/theme/recipes';
import { semanticTokens, tokens } from './client/theme/tokens';

export default defineConfig({
  preflight: true,
  include: ['./client/**/*.{ts,tsx}'],
  exclude: ['./client/routeTree.gen.ts'],
  outdir: 'styled-system',
  jsxFramework: 'react',
  globalCss,
  // Parts are composed through createStyleContext, where Panda cannot see which recipe a JSX element uses.
  staticCss: { recipes: '*' },
  theme: {
    extend: {
      tokens,
      semanticTokens,
      keyframes,
      recipes,
      slotRecipes,
    },
  },
});
