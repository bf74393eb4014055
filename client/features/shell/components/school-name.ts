/** Shown where a school has no name yet. */
export const FALLBACK_SCHOOL_NAME = 'Spark School';
