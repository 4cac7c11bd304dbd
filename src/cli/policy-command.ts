import type { CliIo } from './io.js';

/** `platlint policy test DIR`: 0 when every fixture passes, 1 when any fails, 2 when DIR or a file in it is unusable. */
export async function runPolicyTest(dir: string, io: CliIo): Promise<number> {
  const { PolicyTestError, runPolicyTests } = await import('../project/policy-tests.js');
  let summary;
  try {
    summary = runPolicyTests(dir, io.cwd);
  } catch (error) {
    if (!(error instanceof PolicyTestError)) throw error;
    io.error(`platlint: ${error.message}`);
    return 2;
  }
  io.out(summary.lines.join('\n') + '\n');
  return summary.unreadable > 0 ? 2 : summary.failed > 0 ? 1 : 0;
}
