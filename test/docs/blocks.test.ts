/**
 * Every documented command is true: each code block of README.md and docs/*.md is run against the built checkout
 * (`npm test` builds it first) in a project of its own (./workspace.ts), and where a block shows output, the output is
 * compared exactly. The blocks of a page run in order in one project, as a reader following the page would run them:
 * a file a block writes is there for the commands after it. A block that cannot run here, or that another test runs
 * (an editor's configuration, the contributor walk-through), is in ./untested-blocks.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.js';
import { action, runStep, steps as actionSteps, type Action } from '../integrations/action-steps.js';
import { blocksOf, consoleSteps, describeBlock, documentationPages, type DocBlock } from './doc-blocks.js';
import { UNTESTED_BLOCKS, type UntestedBlock } from './untested-blocks.js';
import { DocsWorkspace } from './workspace.js';

vi.setConfig({ testTimeout: 120_000 });

const pages = documentationPages();
const blocks = pages.flatMap((page) => blocksOf(page));

function listedAs(block: DocBlock): UntestedBlock | undefined {
  return UNTESTED_BLOCKS.find((entry) => entry.file === block.file && entry.heading === block.heading && block.text.includes(entry.contains));
}

let workspace: DocsWorkspace;
beforeAll(() => {
  workspace = new DocsWorkspace();
});
afterAll(() => {
  workspace.remove();
});

interface JsonReport {
  results: { file: string; diagnostics: { ruleId: string; line: number }[] }[];
}

/** The rule ids a file's `# expect: id[, id]` markers name, by line: what linting it must report, and nothing else. */
function expectedMarkers(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (/# expect: (.+)$/.exec(line)?.[1] ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '').map((id) => `${i + 1} ${id}`));
}

/** Lints a manifest of the docs: it reports exactly what its `# expect:` markers say (none: it is clean). */
function checkManifest(path: string, text: string): void {
  const run = workspace.bash(`npx platlint --format json ${path}`);
  const report = JSON.parse(run.output) as JsonReport;
  const found = report.results.flatMap((result) => result.diagnostics.map((d) => `${d.line} ${d.ruleId}`));
  expect(found.sort()).toEqual(expectedMarkers(text).sort());
  expect(run.status).toBe(found.length > 0 ? 1 : 0);
}

/** A policy file loads without a `policy/*` diagnostic. */
function checkPolicy(path: string): void {
  const run = workspace.bash(`npx platlint --no-config --policy ${path} --format json platform/`);
  expect(run.status, run.output).not.toBe(2);
  const report = JSON.parse(run.output) as JsonReport;
  expect(report.results.flatMap((result) => result.diagnostics.filter((d) => d.ruleId.startsWith('policy/')))).toEqual([]);
}

/** A `.platlint.yaml` loads (an invalid one is exit 2 with its mistakes on stderr), its policies included. */
function checkConfig(): void {
  const run = workspace.bash('npx platlint --format json platform/ > /dev/null');
  expect(run.output).toBe('');
  expect(run.status).not.toBe(2);
}

interface PreCommitConfig {
  repos: { repo: string; rev: string; hooks: { id: string }[] }[];
}

/** A `.pre-commit-config.yaml` uses a hook this repository defines, pinned to a commit (test/e2e/pre-commit.test.ts runs it). */
function checkPreCommitConfig(text: string): void {
  const config = parse(text) as PreCommitConfig;
  const ours = config.repos.filter((repo) => repo.repo === 'https://github.com/platlint/platlint');
  expect(ours).toHaveLength(1);
  const rev = ours[0]?.rev ?? '';
  expect(rev).toMatch(/^[0-9a-f]{40}$/);
  // The hooks the pinned commit defines: a copied configuration must work as it stands, before any autoupdate.
  const shown = spawnSync('git', ['show', `${rev}:.pre-commit-hooks.yaml`], { cwd: ROOT, encoding: 'utf8' });
  expect(shown.status, `${rev} is not a commit of this repository with a .pre-commit-hooks.yaml: ${shown.stderr}`).toBe(0);
  const hookIds = (parse(shown.stdout) as { id: string }[]).map((hook) => hook.id);
  for (const hook of ours[0]?.hooks ?? []) expect(hookIds).toContain(hook.id);
}

interface Workflow {
  jobs: Record<string, { steps: { uses?: string; with?: Record<string, string>; run?: string }[] }>;
}

/**
 * The action.yml a workflow's `uses: platlint/platlint@REF` runs: the checkout's for `main`, else that of REF, which
 * must be a full commit hash of this repository (platlint has no release tag; a tag or a short hash would be
 * whatever someone publishes under it later).
 */
function actionAt(ref: string): Action {
  if (ref === 'main') return action;
  expect(ref, 'a platlint action pinned to something else than main or a full commit hash').toMatch(/^[0-9a-f]{40}$/);
  const shown = spawnSync('git', ['show', `${ref}:action.yml`], { cwd: ROOT, encoding: 'utf8' });
  expect(shown.status, `${ref} is not a commit of this repository with an action.yml: ${shown.stderr}`).toBe(0);
  return parse(shown.stdout) as Action;
}

/**
 * A GitHub workflow: the platlint action's inputs are those of the action it pins, the action's lint step (with the
 * built CLI, as the action's build would give it) runs in the project with the workflow's inputs, and its `run:` steps
 * run in the project. Hosted actions (checkout, setup-node, upload-sarif) are GitHub's; test/integrations/action.test.ts
 * runs the action's other steps.
 */
function checkWorkflow(text: string): void {
  const steps = Object.values((parse(text) as Workflow).jobs).flatMap((job) => job.steps);
  for (const step of steps) {
    if (step.uses?.startsWith('platlint/platlint@')) {
      const pinned = actionAt(step.uses.slice('platlint/platlint@'.length));
      for (const input of Object.keys(step.with ?? {})) expect(Object.keys(pinned.inputs)).toContain(input);
      // The upload step reads the report where the action wrote it.
      const sarif = step.with?.['sarif-file'] ?? pinned.inputs['sarif-file']?.default ?? '';
      const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
      if (upload) expect(upload.with?.['sarif_file']).toBe(sarif);
      const lint = actionSteps.find((s) => s.id === 'lint');
      const context = { outputFile: join(workspace.dir, '..', 'github-output'), temp: join(workspace.dir, '..'), outputs: { 'install.bin': BIN }, workspace: workspace.dir };
      const run = runStep(lint, step.with ?? {}, context);
      expect(run.stderr).toBe('');
      expect(run.status, run.stdout).toBe(0);
      if (sarif !== '') {
        expect(existsSync(join(workspace.dir, sarif))).toBe(true);
        workspace.delete(sarif);
      }
    }
  }
  const commands = steps.flatMap((step) => (step.run === undefined ? [] : [step.run]));
  if (commands.length > 0) runCiScript(commands);
}

/**
 * The commands of a CI job, run in the project with exit 0. `npm ci` (the project's own install, which the install
 * routes' end-to-end tests run) is the one command not run: the project's node_modules already holds the checkout.
 */
function runCiScript(commands: readonly string[]): void {
  const script = commands.filter((command) => command !== 'npm ci');
  if (script.length === 0) throw new Error('a CI job with no command to run but npm ci: run one or list the block in test/docs/untested-blocks.ts');
  const run = workspace.bash(script.join('\n'), { errexit: true });
  expect(run.status, run.output).toBe(0);
}

interface GitLabJob {
  script: string[];
  artifacts?: { reports?: Record<string, string> };
}

/**
 * A GitLab CI job: its script runs in the project and writes the reports its artifacts upload; the Code Quality
 * report is an array of issues in the shape GitLab reads.
 */
function checkGitLabJob(text: string): void {
  for (const job of Object.values(parse(text) as Record<string, GitLabJob>)) {
    runCiScript(job.script);
    for (const [kind, file] of Object.entries(job.artifacts?.reports ?? {})) {
      expect(existsSync(join(workspace.dir, file)), `${kind}: ${file}`).toBe(true);
      if (kind === 'codequality') expect(JSON.parse(readFileSync(join(workspace.dir, file), 'utf8'))).toEqual([]);
      workspace.delete(file);
    }
  }
}

/** The JSON report's sample validates against the report's own schema (`platlint schema report`). */
function checkReportSample(text: string): void {
  const schema = JSON.parse(workspace.bash('npx platlint schema report').output) as object;
  const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
  expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
}

/** The path a YAML block names on its first line (`# policies/access/policy.yaml`), if any. */
function namedPath(block: DocBlock): string | undefined {
  return /^# ([\w./-]+\.(?:ya?ml|json))(?: \(excerpt\))?\n/.exec(block.text)?.[1];
}

/** What a YAML block is, from what it holds. */
function checkYaml(block: DocBlock): void {
  const path = namedPath(block);
  const body = path === undefined ? block.text : block.text.slice(block.text.indexOf('\n') + 1);
  if (path?.startsWith('fixtures/')) {
    // An excerpt of a file of the repository, word for word.
    expect(readFileSync(join(ROOT, path), 'utf8')).toContain(body);
    return;
  }
  const documents = parseAllDocuments(body).map((doc) => doc.toJS() as unknown);
  const first = documents[0] as Record<string, unknown> | null | undefined;
  const isMapping = typeof first === 'object' && first !== null && !Array.isArray(first);
  // A block that names its path is a file of the reader's project, there for the page's later commands; one that
  // names none is checked on its own, in a file removed afterwards.
  if (path !== undefined) workspace.write(path, block.text);
  const checkedAs = (scratch: string, check: (file: string) => void): void => {
    if (path !== undefined) return check(path);
    workspace.write(scratch, block.text);
    try {
      check(scratch);
    } finally {
      workspace.delete(scratch);
    }
  };
  if (path !== undefined && /(^|\/)\.platlint\.ya?ml$/.test(path)) return checkConfig();
  if (isMapping && first['kind'] === 'Policy') return checkedAs('docs-example.policy.yaml', checkPolicy);
  // ValidatingAdmissionPolicies and their bindings are policy files too.
  if (isMapping && typeof first['apiVersion'] === 'string' && first['apiVersion'].startsWith('admissionregistration.k8s.io/')) return checkedAs('docs-example.vap.yaml', checkPolicy);
  // A kaptest suite is checked by the `platlint policy test` its page runs.
  if (isMapping && 'testSuites' in first && path !== undefined) return;
  if (isMapping && typeof first['apiVersion'] === 'string' && first['apiVersion'].startsWith('management.platform/')) {
    // A policy's test fixture is checked by the `platlint policy test` its page runs.
    if (path !== undefined && /(^|\/)tests\//.test(path)) return;
    return checkedAs('docs-example.yaml', (file) => checkManifest(file, block.text));
  }
  if (isMapping && 'repos' in first) return checkPreCommitConfig(body);
  if (isMapping && 'jobs' in first) return checkWorkflow(body);
  if (isMapping && Object.values(first).every((job) => typeof job === 'object' && job !== null && 'script' in job)) return checkGitLabJob(body);
  throw new Error(`${describeBlock(block)}: a YAML block that is none of the kinds this test runs; run it or list it in test/docs/untested-blocks.ts`);
}

function checkBlock(block: DocBlock): void {
  switch (block.lang) {
    case 'sh': {
      const run = workspace.bash(block.text, { errexit: true });
      expect(run.status, run.output).toBe(0);
      return;
    }
    case 'console': {
      const steps = consoleSteps(block.text);
      if (steps.length === 0) throw new Error(`${describeBlock(block)}: a console block with no command in it`);
      const printed = workspace.console(steps);
      expect(steps.map((step, i) => `$ ${step.command}\n${printed[i] ?? ''}`).join('')).toBe(block.text);
      return;
    }
    case 'yaml':
      return checkYaml(block);
    case 'json':
      if (/^\{\n {2}"version": 1,\n {2}"results"/.test(block.text)) return checkReportSample(block.text);
      break;
    case 'text':
      // A drawing (a folder tree): no command in it to run.
      expect(block.text).not.toMatch(/^\$ /m);
      return;
  }
  throw new Error(`${describeBlock(block)}: neither run by this test nor listed in test/docs/untested-blocks.ts`);
}

describe('README.md', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  it('is a front page: at most 300 lines, no issue numbers', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    expect(readme).not.toMatch(/(^|[\s(])#\d+\b|\bissues?\s+\d+/im);
  });

  it('links every page of the guide, and the pages written apart from it', () => {
    const linked = [...readme.matchAll(/\]\((docs\/[\w-]+\.md)(?:#[\w-]+)?\)/g)].map((match) => match[1]);
    for (const page of [...pages.filter((page) => page.startsWith('docs/')), 'docs/editors.md', 'docs/contributing.md']) expect(linked).toContain(page);
  });
});

describe('the untested-blocks list', () => {
  it('names each listed block exactly once, with a reason', () => {
    for (const entry of UNTESTED_BLOCKS) {
      const matches = blocks.filter((block) => listedAs(block) === entry);
      expect(matches.length, `${entry.file} > ${entry.heading}: "${entry.contains}"`).toBe(1);
      expect(entry.why.length).toBeGreaterThan(10);
    }
  });

  it('names for each block another test runs a test file that exists and reads the page', () => {
    for (const entry of UNTESTED_BLOCKS) {
      if (entry.coveredBy === undefined) continue;
      const test = join(ROOT, entry.coveredBy);
      expect(existsSync(test), entry.coveredBy).toBe(true);
      expect(readFileSync(test, 'utf8'), `${entry.coveredBy} names ${entry.file}`).toContain(entry.file);
    }
  });
});

for (const page of pages) {
  const pageBlocks = blocks.filter((block) => block.file === page && listedAs(block) === undefined);
  // A page without a block to run (only prose and tables, or only listed blocks) has no test of its own.
  if (pageBlocks.length === 0) continue;
  describe(page, () => {
    beforeAll(() => {
      workspace.reset();
    });
    for (const block of pageBlocks) {
      it(`${block.heading}, line ${block.line} (${block.lang || 'no language'})`, () => {
        checkBlock(block);
      });
    }
  });
}
