import { ConfigError } from '../settings-file/load.js';
import { findConfigFile, readConfigFile } from '../project/config-file.js';
import type { CliIo } from './io.js';

/** `platlint policy test DIR`: 0 when every fixture passes, 1 when any fails, 2 when DIR or a file in it is unusable. */
export async function runPolicyTest(dir: string, io: CliIo): Promise<number> {
  const { PolicyTestError, runPolicyTests } = await import('../project/policy-tests.js');
  let summary;
  try {
    // The policies run in the Kubernetes version the settings give, as they do when linting.
    const configPath = findConfigFile(io.cwd);
    const configFile = configPath ? readConfigFile(configPath) : undefined;
    if (configFile?.problems.length) throw new ConfigError(configFile.problems);
    const { kubernetesVersion, admission } = configFile ?? {};
    summary = runPolicyTests(dir, io.cwd, { ...(kubernetesVersion ? { kubernetesVersion } : {}), ...(admission ? { admission } : {}) });
  } catch (error) {
    if (!(error instanceof PolicyTestError)) throw error;
    io.error(`platlint: ${error.message}`);
    return 2;
  }
  io.out(summary.lines.join('\n') + '\n');
  return summary.unreadable > 0 ? 2 : summary.failed > 0 ? 1 : 0;
}
