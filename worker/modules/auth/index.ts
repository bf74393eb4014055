/** What other modules may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { parentSignInAnswer, studentSignInAnswer, teacherSignInAnswer } from './answers';
export { parentSignIn, studentSignIn, teacherSignIn } from './role-sign-in';
export { signInBody } from './schemas';
