// Repeats, after vitest's own summary, the one-line cause of each unhandled error and each failed test: a CI that keeps
// only the last lines of the output then still says what went wrong, not only that something did.
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

const MAX_LISTED = 10;

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]!.slice(0, 300);
}

export default class RunEndSummary implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const lines: string[] = [];
    for (const error of unhandledErrors.slice(0, MAX_LISTED)) {
      const origin = (error as { VITEST_TEST_PATH?: string }).VITEST_TEST_PATH;
      lines.push(
        `unhandled ${error.name ?? 'error'}: ${firstLine(error.message)}${origin ? ` (while ${origin} ran)` : ''}`,
      );
    }
    for (const module of testModules) {
      for (const test of module.children.allTests('failed')) {
        if (lines.length >= 2 * MAX_LISTED) break;
        lines.push(`failed: ${module.moduleId} > ${test.fullName}: ${firstLine(test.result().errors?.[0]?.message)}`);
      }
    }
    if (lines.length > 0)
      process.stdout.write(`\nWhat went wrong, in short:\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
  }
}
