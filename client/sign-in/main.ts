import { t } from '@lingui/core/macro';
import '@fontsource-variable/inter';
import '../index.css';
import { type SignedIn, signInAnyRole, signInErrorMessage } from '~/features/auth/api';
import { handOverFirstPassword } from '~/features/auth/first-password-handoff';
import { storeSession } from '~/features/auth/keep-session';
import { askForResetLink, resetEmailProblem } from '~/features/auth/reset';
import { type SignInInput, validateSchoolSignIn } from '~/features/auth/schemas';
import { welcomeMessage } from '~/features/auth/welcome';
import { currentFamily } from '~/features/family/stored-session';
import { safeRedirect } from '~/lib/navigation';
import { schoolToken, teacherToken, tokenExpiry } from '~/lib/storage';
import { TOAST_DURATION } from '~/lib/toast-duration';
import type { SignInPageKind } from './page';

/*
 * The sign-in pages arrive drawn (see prerender.tsx); this script gives them the behaviour of the app's sign-in
 * screens without the app: checks, the alert, the password toggle, toasts, and the way into each portal. A
 * temporary password hands over to the app, which asks for the person's own.
 */

const SIGN_IN_PATHS = ['/login', '/teacher-login', '/student-login', '/parent-login'];
const fallbackError = () => t`Login failed. Please check your credentials.`;
/** How long the greeting is seen before the portal opens (a full page load, so it cannot follow there). */
const WELCOME_MS = 600;

const root = document.getElementById('root');
const kind = root?.dataset.signIn as SignInPageKind | undefined;
const search = new URLSearchParams(window.location.search);

function part(name: string): DocumentFragment {
  const template = document.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`);
  return (template?.content.cloneNode(true) as DocumentFragment | undefined) ?? document.createDocumentFragment();
}

/** The portal of a session this device already holds for this page's kind of account, if any. */
function portalAlreadyOpen(): string | null {
  const path = window.location.pathname;
  const token = schoolToken.get();
  const expiry = token ? tokenExpiry(token) : null;
  if (path === '/login' && expiry !== null && expiry > Date.now()) return '/dashboard';
  if (path === '/teacher-login' && teacherToken.get()) return '/teacher-dashboard';
  const family = currentFamily()?.role;
  if ((path === '/student-login' && family === 'student') || (path === '/parent-login' && family === 'parent')) {
    return '/family';
  }
  return null;
}

let toastGroup: Element | null = null;

function showToast(type: 'success' | 'error', message: string) {
  if (!toastGroup) {
    toastGroup = part('toast-group').firstElementChild;
    if (!toastGroup) return;
    document.body.append(toastGroup);
  }
  const toast = part(`toast-${type}`).firstElementChild;
  if (!toast) return;
  const title = toast.querySelector('[data-part="title"]');
  if (title) title.textContent = message;
  toast.querySelector('[data-part="close-trigger"]')?.addEventListener('click', () => toast.remove());
  toastGroup.prepend(toast);
  setTimeout(() => toast.remove(), TOAST_DURATION[type]);
}

/** The app's entry, its modules and stylesheet (written into the page at build time). */
const portalAssets = (document.querySelector<HTMLMetaElement>('meta[name="portal-assets"]')?.content ?? '')
  .split(' ')
  .filter(Boolean);

/** Starts fetching the app the portal runs on while the sign-in is checked. */
function warmPortal() {
  for (const href of portalAssets) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

function setFieldError(input: HTMLInputElement, message: string | undefined) {
  const field = input.closest('[data-scope="field"][data-part="root"]');
  if (!field) return;
  const invalid = Boolean(message);
  for (const element of [field, field.querySelector('[data-part="label"]'), input]) {
    element?.toggleAttribute('data-invalid', invalid);
  }
  field.querySelector('[data-part="error-text"]')?.remove();
  if (!message) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
    return;
  }
  const error = part('field-error').querySelector<HTMLElement>('[data-part="error-text"]');
  if (!error) return;
  error.id = `${input.id}::error-text`;
  error.setAttribute('aria-live', 'polite');
  const text = error.querySelector('span') ?? error.appendChild(document.createElement('span'));
  text.textContent = message;
  field.append(error);
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', error.id);
}

function setUpForm(form: HTMLFormElement, checksEachField: boolean) {
  const email = form.querySelector<HTMLInputElement>('input[name="email"]');
  const password = form.querySelector<HTMLInputElement>('input[name="password"]');
  const alert = form.querySelector('[role="alert"]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const toggle = form.querySelector<HTMLButtonElement>('button[aria-controls]');
  if (!email || !password || !alert || !submit) return;
  const idle = [...submit.childNodes];
  let busy = false;

  const setBusy = (on: boolean) => {
    busy = on;
    submit.disabled = on;
    if (on) submit.setAttribute('aria-busy', 'true');
    else submit.removeAttribute('aria-busy');
    submit.replaceChildren(...(on ? [part('busy'), document.createTextNode(t`Signing in...`)] : idle));
  };
  const setAlert = (message: string | null) => {
    if (!message) return alert.replaceChildren();
    const text = document.createElement('span');
    text.textContent = message;
    alert.replaceChildren(part('alert'), text);
  };

  for (const input of [email, password]) {
    input.addEventListener('input', () => {
      if (input.hasAttribute('aria-invalid')) setFieldError(input, undefined);
    });
  }

  toggle?.addEventListener('pointerdown', (event) => {
    // A pointer press keeps the caret in the field; the click then toggles and returns focus to it.
    if (event.button === 0) event.preventDefault();
  });
  toggle?.addEventListener('click', (event) => {
    const visible = password.type === 'password';
    const state = visible ? 'visible' : 'hidden';
    password.type = visible ? 'text' : 'password';
    password.dataset.state = state;
    toggle.dataset.state = state;
    toggle.setAttribute('aria-label', visible ? t`Hide password` : t`Show password`);
    toggle.replaceChildren(part(visible ? 'eye-off' : 'eye'));
    if (event.detail > 0) password.focus();
  });

  const enter = (signedIn: SignedIn, credentials: SignInInput) => {
    if (signedIn.user.mustChangePassword) {
      // Nothing is stored until the person has chosen their own password, in the app's own step.
      handOverFirstPassword({ signedIn, temporaryPassword: credentials.password });
      const app = document.createElement('script');
      app.type = 'module';
      app.src = portalAssets.find((href) => href.endsWith('.js')) ?? '';
      document.head.append(app);
      return;
    }
    const portal = storeSession(signedIn);
    showToast('success', welcomeMessage(portal));
    const back = portal === '/dashboard' ? safeRedirect(search.get('redirect') ?? undefined) : undefined;
    setTimeout(() => window.location.replace(back ?? portal), WELCOME_MS);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    if (checksEachField) {
      const found = validateSchoolSignIn({ email: email.value, password: password.value });
      setFieldError(email, found?.email);
      setFieldError(password, found?.password);
      if (found) {
        (found.email ? email : password).focus();
        return;
      }
    } else if (!email.value.trim() || !password.value) {
      showToast('error', t`Please fill in all fields`);
      return;
    }
    const credentials = { email: email.value.trim(), password: password.value };
    setAlert(null);
    setBusy(true);
    warmPortal();
    signInAnyRole(credentials).then(
      (signedIn) => enter(signedIn, credentials),
      (error: unknown) => {
        setBusy(false);
        setAlert(signInErrorMessage(error, fallbackError()));
      },
    );
  });
}

/** The forgotten-password form: asks for a link, then shows the same answer for every email. */
function setUpResetForm(form: HTMLFormElement) {
  const email = form.querySelector<HTMLInputElement>('input[name="email"]');
  const alert = form.querySelector('[role="alert"]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!email || !alert || !submit) return;
  const idle = [...submit.childNodes];
  let busy = false;
  const setBusy = (on: boolean) => {
    busy = on;
    submit.disabled = on;
    submit.toggleAttribute('aria-busy', on);
    submit.replaceChildren(...(on ? [part('busy'), document.createTextNode(t`Sending...`)] : idle));
  };
  email.addEventListener('input', () => {
    if (email.hasAttribute('aria-invalid')) setFieldError(email, undefined);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const typed = email.value.trim().toLowerCase();
    const problem = resetEmailProblem(typed);
    setFieldError(email, problem ?? undefined);
    if (problem) return email.focus();
    alert.textContent = '';
    setBusy(true);
    askForResetLink(typed).then(
      () => form.replaceWith(part('reset-sent')),
      (error: unknown) => {
        setBusy(false);
        alert.textContent = signInErrorMessage(error, t`The request could not be sent. Try again.`);
      },
    );
  });
}

const open = kind === 'forgot' ? null : portalAlreadyOpen();
if (open) {
  window.location.replace(open);
} else if (kind === 'forgot') {
  // The way back leads to the sign-in page this one was opened from.
  const from = search.get('from');
  const back = root?.querySelector<HTMLAnchorElement>('a[href="/login"]');
  if (back && from && SIGN_IN_PATHS.includes(from)) back.href = from;
  const form = root?.querySelector<HTMLFormElement>('form[data-reset-form]');
  if (form) setUpResetForm(form);
} else {
  const form = root?.querySelector('form');
  if (form) setUpForm(form, kind === 'school');
}
