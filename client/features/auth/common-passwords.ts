let loading: Promise<ReadonlySet<string>> | null = null;

/** The 10,000 most common passwords, downloaded once and only where a password is chosen. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('virtual:common-passwords').then(
    (m) => new Set(m.default.split('\n')),
    (error) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
