/** What other features may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { ChangePassword } from './components/lazy-password';
export { useSignIn } from './components/use-sign-in';
