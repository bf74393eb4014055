/** The keys this portal keeps in localStorage. */
export const STORAGE_KEYS = {
  schoolToken: 'schoolToken',
  /** The signed-in office user (name, role, school), so a page load draws the portal before the session check answers. */
  schoolUser: 'schoolUser',
  teacherToken: 'teacherToken',
  teacherData: 'teacherData',
  studentToken: 'studentToken',
  studentData: 'studentData',
  parentToken: 'parentToken',
  parentData: 'parentData',
  sidebarCollapsed: 'portal.sidebarCollapsed',
  /** The person's own language (absent: follow the school), and the school's default, as the server last said. */
  language: 'portal.language',
  schoolLanguage: 'portal.schoolLanguage',
  /** The school year the office screens show when it is not the current one, with its school. */
  viewedYear: 'portal.viewedYear',
} as const;

/** localStorage that never throws (private modes and full quotas simply behave as empty). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the value lives in memory for this visit only.
    }
  },
  remove(key: string) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

type Listener = (token: string | null) => void;

/** A stored bearer token that tells its listeners when it changes, here or in another tab. */
export function createTokenStore(key: string) {
  const listeners = new Set<Listener>();
  const emit = (token: string | null) => {
    for (const listener of listeners) listener(token);
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) emit(storage.get(key));
    });
  }
  return {
    get: () => storage.get(key),
    set(token: string) {
      storage.set(key, token);
      emit(token);
    },
    clear() {
      const had = storage.get(key) !== null;
      storage.remove(key);
      if (had) emit(null);
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const schoolToken = createTokenStore(STORAGE_KEYS.schoolToken);
export const teacherToken = createTokenStore(STORAGE_KEYS.teacherToken);
export const studentToken = createTokenStore(STORAGE_KEYS.studentToken);
export const parentToken = createTokenStore(STORAGE_KEYS.parentToken);

/** The expiry written in a JWT's payload, in epoch milliseconds, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
