import ranked from '@zxcvbn-ts/language-common/src/passwords.json';
import { COMMON_PASSWORD_COUNT } from './password-policy';

/** The 10,000 most common passwords (the list is ranked, most common first, all lower case). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set((ranked as string[]).slice(0, COMMON_PASSWORD_COUNT));
