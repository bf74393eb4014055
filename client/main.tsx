import '@fontsource-variable/inter';
import './index.css';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { catalogsReady, currentLanguage, i18n, onLanguageChange } from '~/lib/i18n';
import { setNavigator } from '~/lib/navigation';
import { ensureSession } from '~/lib/session';
import { queryClient, router } from './router';

// The page's CSP forbids eval: zod must not probe for it (the probe alone reports a violation).
// Set on zod's global config object rather than through its import, which would put zod in every screen's download.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

setNavigator((href) => {
  void router.navigate({ href, replace: true });
});

// Start checking the stored token at once; screens wait on the same answer.
void ensureSession();

/** Every screen draws anew in a newly chosen language: texts made outside React's render follow too. */
function App() {
  const language = useSyncExternalStore(onLanguageChange, currentLanguage);
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider key={language} router={router} />
    </I18nProvider>
  );
}

const container = document.getElementById('root');
// The first draw waits for the chosen language's messages (English comes with the code).
if (container) {
  void catalogsReady().then(() =>
    createRoot(container).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
