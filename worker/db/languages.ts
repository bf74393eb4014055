/**
 * The languages the portal speaks: English, Hindi and Arabic (written right to left). A module of its own, with no
 * imports, so the client reads the list without the schema's table definitions.
 */
export const languages = ['en', 'hi', 'ar'] as const;
export type Language = (typeof languages)[number];
