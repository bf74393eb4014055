type Navigate = (href: string) => void;

let navigateImpl: Navigate = (href) => window.location.assign(href);

/** Lets modules outside React (the API client) move the browser through the router. */
export function setNavigator(navigate: Navigate) {
  navigateImpl = navigate;
}

export function navigateTo(href: string) {
  navigateImpl(href);
}

/** The current location as a same-site path, e.g. '/classes?grade=5'. */
export function currentPath() {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** A `redirect` search value we are willing to follow: a same-site path, never another origin. */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return undefined;
  }
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/teacher-login')) return undefined;
  return value;
}
