import { t } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, Eye, EyeOff, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { toast as toastRecipe } from 'styled-system/recipes';
import { IconButton } from '~/components/ui/button';
import * as Field from '~/components/ui/field';
import { Spinner } from '~/components/ui/spinner';
import { ForgotPasswordScreen, ResetLinkSent } from '~/features/auth/components/forgot-password-screen';
import { SchoolLoginScreen } from '~/features/auth/components/school-login-screen';
import { TeacherLoginScreen } from '~/features/auth/components/teacher-login-screen';
import { FamilyLoginScreen } from '~/features/family/components/family-login-screen';
import { activateLanguage, i18n } from '~/lib/i18n';
import { LANGUAGES, type Language, RIGHT_TO_LEFT } from '~/lib/languages';
import { Route as ForgotRoute } from '~/routes/forgot-password';
import { Route as LoginRoute } from '~/routes/login';
import { Route as ParentRoute } from '~/routes/parent-login';
import { Route as StudentRoute } from '~/routes/student-login';
import { Route as TeacherRoute } from '~/routes/teacher-login';
import { routeTree } from '~/routeTree.gen';
import type { SignInPageKind } from './page';

/** A sign-in page drawn at build time: the same screens the app draws, as HTML that needs no script to show. */
export interface PrerenderedPage {
  path: string;
  language: Language;
  dir: 'ltr' | 'rtl';
  title: string;
  kind: SignInPageKind;
  html: string;
}

const titleOf = (route: { options: { head?: unknown } }) => {
  const head = route.options.head as (() => { meta?: { title?: string }[] }) | undefined;
  return head?.().meta?.find((meta) => meta.title)?.title ?? t`School Portal`;
};

// Titles are read from the routes when each language is drawn, so they come in that language.
const PAGES: { path: string; title: () => string; kind: SignInPageKind; screen: () => ReactNode }[] = [
  { path: '/login', title: () => titleOf(LoginRoute), kind: 'school', screen: () => <SchoolLoginScreen /> },
  {
    path: '/teacher-login',
    title: () => titleOf(TeacherRoute),
    kind: 'noted',
    screen: () => <TeacherLoginScreen />,
  },
  {
    path: '/student-login',
    title: () => titleOf(StudentRoute),
    kind: 'noted',
    screen: () => <FamilyLoginScreen account="student" />,
  },
  {
    path: '/parent-login',
    title: () => titleOf(ParentRoute),
    kind: 'noted',
    screen: () => <FamilyLoginScreen account="parent" />,
  },
  {
    path: '/forgot-password',
    title: () => titleOf(ForgotRoute),
    kind: 'forgot',
    screen: () => <ForgotPasswordScreen from="/login" />,
  },
];

/** The parts the page's script shows later (a field's message, the alert's icon, a toast), drawn by the same components. */
function Templates() {
  const toast = toastRecipe();
  const toastOf = (type: 'success' | 'error', icon: ReactNode) => (
    <template data-template={`toast-${type}`}>
      <div data-scope="toast" data-part="root" data-state="open" data-type={type} role="status" className={toast.root}>
        <span data-part="icon" className={toast.icon}>
          {icon}
        </span>
        <div className={toast.text}>
          <div data-scope="toast" data-part="title" className={toast.title} />
        </div>
        <IconButton label={t`Dismiss notification`} size="sm" className={toast.closeTrigger} data-part="close-trigger">
          <X size={16} aria-hidden="true" />
        </IconButton>
      </div>
    </template>
  );
  return (
    <>
      <template data-template="field-error">
        <Field.Root invalid>
          <Field.ErrorText />
        </Field.Root>
      </template>
      <template data-template="alert">
        <CircleAlert size={16} aria-hidden="true" />
      </template>
      <template data-template="busy">
        <Spinner />
      </template>
      <template data-template="eye">
        <Eye size={18} aria-hidden="true" />
      </template>
      <template data-template="eye-off">
        <EyeOff size={18} aria-hidden="true" />
      </template>
      <template data-template="toast-group">
        <section
          data-scope="toast"
          data-part="group"
          aria-label={t`Notifications`}
          aria-live="polite"
          className={toast.group}
          style={{
            position: 'fixed',
            display: 'flex',
            flexDirection: 'column',
            gap: '12px',
            alignItems: 'flex-end',
            top: 'max(env(safe-area-inset-top, 0px), 1rem)',
            insetInlineEnd: 'calc(env(safe-area-inset-right, 0px) + 1rem)',
          }}
        ></section>
      </template>
      {toastOf('success', <CircleCheck size={18} aria-hidden="true" />)}
      {toastOf('error', <CircleAlert size={18} aria-hidden="true" />)}
    </>
  );
}

/** Every sign-in page in every language the portal ships in. */
export async function renderSignInPages(): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const language of LANGUAGES) {
    await activateLanguage(language);
    pages.push(...renderPages(language));
  }
  return pages;
}

function renderPages(language: Language): PrerenderedPage[] {
  const pages: PrerenderedPage[] = [];
  const dir = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
  for (const page of PAGES) {
    const queryClient = new QueryClient();
    const router = createRouter({
      routeTree,
      context: { queryClient },
      history: createMemoryHistory({ initialEntries: [page.path] }),
    });
    const html = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterContextProvider router={router}>
            {page.screen()}
            <Templates />
            {page.kind === 'forgot' ? (
              <template data-template="reset-sent">
                <ResetLinkSent />
              </template>
            ) : null}
          </RouterContextProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    pages.push({ path: page.path, language, dir, title: page.title(), kind: page.kind, html });
  }
  return pages;
}
