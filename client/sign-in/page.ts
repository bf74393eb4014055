/** How a prerendered sign-in page behaves: the office's form checks each field, the others ask for both. */
export type SignInPageKind = 'school' | 'noted' | 'forgot';
