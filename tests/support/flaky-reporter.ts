import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names each test that passed only when tried again (CI retries browser tests once) with what its failed attempts
 * threw: the default reporter prints only "(retry x1)", and a flaky test is mended from its first failure.
 */
export class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const result = testCase.result();
    if (result.state !== 'passed' || !testCase.diagnostic()?.flaky) return;
    const errors = (result.errors ?? []).map((error) => {
      const where = error.stacks?.find((frame) => frame.file.includes('/tests/'));
      const at = where ? ` (${where.file.replace(/^.*\/tests\//, 'tests/')}:${where.line})` : '';
      return `    ${(error.message ?? String(error)).split('\n')[0].slice(0, 400)}${at}`;
    });
    console.log(
      `Passed on a retry: ${testCase.module.moduleId.replace(/^.*\/tests\//, 'tests/')} > ${testCase.fullName}`,
    );
    for (const line of errors) console.log(line);
  }
}
