import { appendFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import type { ObservedAnswer } from '../../worker/lib/context';
import { checkAnswer } from '../../worker/lib/contract';
import { isUndeclared } from '../../worker/lib/openapi';

/** Answers of the API suite that broke their call's contract, not yet reported by a failing test. */
export const violations: string[] = [];

/**
 * Checks one answer against the contract its call declares: error answers always (shape and code), success
 * answers of every call but the undeclared ones (`UNDECLARED_CALLS`, emptied as they declare theirs).
 */
export function observeAnswer(answer: ObservedAnswer) {
  if (process.env.CONTRACT_RECORD) return appendFileSync(process.env.CONTRACT_RECORD, `${JSON.stringify(answer)}\n`);
  if (answer.status < 400 && !answer.contract && isUndeclared(answer.path)) return;
  const problem = checkAnswer(answer.contract, answer.status, answer.contentType, answer.body);
  if (problem) violations.push(`${answer.method} ${answer.path} → ${answer.status}: ${problem}`);
}

/** Throws the violations seen so far, once: a test fails on the first answer that breaks its contract. */
export function reportViolations() {
  if (violations.length === 0) return;
  const found = violations.splice(0);
  throw new Error(`Answers broke the API contract:\n${found.join('\n')}`);
}

afterEach(reportViolations);
