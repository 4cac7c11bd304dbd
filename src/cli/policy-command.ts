import { resolve } from 'node:path';
import { inheritedSetting } from '../settings-file/load.js';
import { throwSettingsMistakes } from '../settings-file/resolve.js';
import { findConfigFile, readConfigFile } from '../project/config-file.js';
import { FileWriteError } from '../project/write-file.js';
import type { CliIo } from './io.js';
import { formatOutputs } from './options.js';
import { writeReportFile } from './report-output.js';

export interface PolicyTestFlags {
  format: string[];
  outputFile: string[];
}

/**
 * `platlint policy test DIR`: 0 when every fixture passes, 1 when any fails, 2 when DIR or a file in it is unusable
 * or a report cannot be written. Inside GitHub Actions the default report is `github`: the text with annotations.
 */
export async function runPolicyTest(dir: string, flags: PolicyTestFlags, io: CliIo, env: Readonly<Record<string, string | undefined>>): Promise<number> {
  // Loaded when the command runs, as the lint's formats are: a lint's start does not pay for them.
  const [{ formatPolicyTests, POLICY_TEST_FORMATS }, { PolicyTestError, runPolicyTests }, { countCases }] = await Promise.all([
    import('../formatters/policy-test.js'),
    import('../project/policy-tests.js'),
    import('../project/policy-test-results.js'),
  ]);
  const targets = formatOutputs(flags, POLICY_TEST_FORMATS, env['GITHUB_ACTIONS'] === 'true' ? 'github' : 'text', io.cwd);
  let cases;
  try {
    // The policies run in the Kubernetes version the settings give, as they do when linting.
    const configPath = findConfigFile(io.cwd);
    const configFile = configPath ? readConfigFile(configPath) : undefined;
    throwSettingsMistakes(configFile);
    const kubernetesVersion = configFile && inheritedSetting(configFile, 'kubernetesVersion');
    const admission = configFile && inheritedSetting(configFile, 'admission');
    cases = runPolicyTests(dir, io.cwd, { ...(kubernetesVersion ? { kubernetesVersion } : {}), ...(admission ? { admission } : {}) });
  } catch (error) {
    if (!(error instanceof PolicyTestError)) throw error;
    io.error(`platlint: ${error.message}`);
    return 2;
  }
  let unwritten = false;
  for (const { format, file } of targets) {
    const text = formatPolicyTests(cases, format, io.cwd);
    if (file === undefined) {
      io.out(text);
      continue;
    }
    // Each report is written whole or not at all; one that cannot be written does not keep the others from theirs.
    try {
      writeReportFile(resolve(io.cwd, file), file, text);
    } catch (error) {
      if (!(error instanceof FileWriteError)) throw error;
      io.error(`platlint: ${error.message}`);
      unwritten = true;
    }
  }
  const { failed, unreadable } = countCases(cases);
  return unreadable > 0 || unwritten ? 2 : failed > 0 ? 1 : 0;
}
