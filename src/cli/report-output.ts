/**
 * The lint command's reports, written as the files are linted: each result goes to every report at once and is
 * then dropped, so that a run keeps the counts (and what a buffered format needs), not the results.
 */
import { resolve } from 'node:path';
import { LateResults } from '../engine/merge-results.js';
import type { FileResult } from '../engine/types.js';
import { loadReportWriter, type FormatName } from '../formatters/index.js';
import { SummaryCount, type FormatContext, type ReportWriter, type ReportWriterFactory, type Summary } from '../formatters/summary.js';
import { repositoryRoot } from '../project/files.js';
import type { CliIo } from './io.js';
import { ruleInfoOf, type RuleInfo } from '../formatters/summary.js';
import { readRuleDoc } from '../project/rule-docs.js';
import type { RuleSet } from '../project/rule-set.js';
import { AtomicFile, FileWriteError, makeFolderOf, writeFileAtomic } from '../project/write-file.js';

/** Text is written out in pieces of about this size: few system calls, little held. */
const FLUSH_CHARS = 64 * 1024;

interface Sink {
  write(text: string): void;
  /** Writes what is left; the report is complete. */
  close(): void;
}

/** Collects text and hands it to `flush` when there is enough of it, and at the end. */
abstract class PendingText implements Sink {
  private pending = '';

  write(text: string): void {
    this.pending += text;
    if (this.pending.length >= FLUSH_CHARS) this.flushPending();
  }

  close(): void {
    this.flushPending();
  }

  protected flushPending(): void {
    const text = this.pending;
    this.pending = '';
    this.flush(text);
  }

  protected abstract flush(text: string): void;
}

/** A report made at once (`policy test`'s), written whole to `-o FILE` as the lint reports are. */
export function writeReportFile(path: string, shown: string, text: string): void {
  makeFolderOf(path, shown);
  writeFileAtomic(path, text, { shown, durable: false });
}

/**
 * `-o FILE`: written to a temporary file from the first flush (its folder created: `-o reports/out.sarif` in a fresh
 * CI checkout) and put in place whole when the report ends (write-file.ts), so that a reader never sees half a
 * report and a failed write leaves the previous one. A failure is said once, on stderr; everything else goes on.
 */
class FileSink extends PendingText {
  private file: AtomicFile | undefined;
  private failed = false;

  constructor(
    private readonly shown: string,
    private readonly path: string,
    private readonly onError: (line: string) => void,
  ) {
    super();
  }

  protected flush(text: string): void {
    if (this.failed) return;
    try {
      if (this.file === undefined) {
        makeFolderOf(this.path, this.shown);
        // Not flushed to the disk before the rename, as the cache is not: a report lost to a power cut is made again
        // by the next run, and waiting for the disk cost a run on 3,000 files 3% of its time (`npm run bench`).
        this.file = new AtomicFile(this.path, { shown: this.shown, durable: false });
      }
      this.file.write(text);
    } catch (error) {
      this.fail(error);
    }
  }

  override close(): void {
    // Even an empty report (a clean run's stylish) leaves its file, as a fresh one.
    super.close();
    try {
      this.file?.commit();
    } catch (error) {
      this.fail(error);
    }
    this.file = undefined;
  }

  private fail(error: unknown): void {
    if (!(error instanceof FileWriteError)) throw error;
    this.failed = true;
    this.onError(`platlint: ${error.message}`);
  }
}

/** The first report on stdout: written as it comes (`io.out` erases the progress line, redrawn under it). */
class StdoutSink extends PendingText {
  constructor(private readonly io: CliIo) {
    super();
  }

  protected flush(text: string): void {
    if (text) this.io.out(text);
  }
}

/** A further report on stdout: held whole and printed at the end, after the one before it, never interleaved. */
class HeldStdoutSink implements Sink {
  private readonly pieces: string[] = [];

  constructor(private readonly io: CliIo) {}

  write(text: string): void {
    if (text) this.pieces.push(text);
  }

  close(): void {
    if (this.pieces.length) this.io.out(this.pieces.join(''));
  }
}

export interface ReportTarget {
  /** `-o FILE` as given; none for stdout. */
  file?: string;
  createWriter: ReportWriterFactory;
}

export interface ReportsContext extends Omit<FormatContext, 'color'> {
  /** `--quiet`: errors only, in every report and in the counts. */
  quiet?: boolean;
  /**
   * The files that can get results at the end of the run as well as before (policy files, whose rules' evaluation
   * errors are known last; the configuration file and the baseline, with their unused entries): their results are
   * held, and each is reported once, merged, when the reports end.
   */
  lateFiles?: readonly string[];
}

/** Every report of a run, fed one result at a time in report order, with the run's counts. */
export class ReportOutputs {
  /** The reports a command's `--format`/`-o` options name, each format's writer loaded (only the formats used load). */
  static async open(targets: readonly { format: FormatName; file?: string }[], context: ReportsContext, io: CliIo): Promise<ReportOutputs> {
    const writers = await Promise.all(targets.map(async ({ format, file }) => ({ ...(file ? { file } : {}), createWriter: await loadReportWriter(format) })));
    const withRoot = targets.some((t) => t.format === 'gitlab') ? { ...context, repositoryRoot: repositoryRoot(context.cwd) ?? context.cwd } : context;
    return new ReportOutputs(writers, withRoot, io);
  }

  private readonly count = new SummaryCount();
  /** A report file could not be written (said on stderr): the run exits 2. */
  writeFailed = false;
  private readonly reports: { writer: ReportWriter; sink: Sink }[];
  private readonly quiet: boolean;
  private readonly late: LateResults;

  constructor(targets: readonly ReportTarget[], { quiet = false, lateFiles = [], ...context }: ReportsContext, io: CliIo) {
    this.quiet = quiet;
    this.late = new LateResults(lateFiles, (file) => resolve(context.cwd, file));
    let stdoutTaken = false;
    const onError = (line: string): void => {
      this.writeFailed = true;
      io.error(line);
    };
    this.reports = targets.map(({ file, createWriter }) => {
      const writer = createWriter({ ...context, color: io.color && !file });
      if (file) return { writer, sink: new FileSink(file, resolve(io.cwd, file), onError) };
      const sink = stdoutTaken ? new HeldStdoutSink(io) : new StdoutSink(io);
      stdoutTaken = true;
      return { writer, sink };
    });
    for (const { writer, sink } of this.reports) sink.write(writer.start());
  }

  add(result: FileResult): void {
    if (!this.late.hold(result)) this.write(result);
  }

  private write(result: FileResult): void {
    if (this.quiet) result.diagnostics = result.diagnostics.filter((d) => d.severity === 'error');
    this.count.add(result);
    for (const { writer, sink } of this.reports) sink.write(writer.file(result));
  }

  /** Ends every report, in the order given: the held stdout reports follow the streamed one. */
  end(): Summary {
    for (const result of this.late.release()) this.write(result);
    for (const { writer, sink } of this.reports) {
      sink.write(writer.end(this.count.summary));
      sink.close();
    }
    return this.count.summary;
  }
}

/** What the reports say of a rule (SARIF's rule list): its description, severity, docs page and doc text. */
export function ruleInfoLookup(ruleSet: Pick<RuleSet, 'rules' | 'policies' | 'docsUrl'>): (id: string) => RuleInfo | undefined {
  const byId = new Map(ruleSet.rules.map((r) => [r.meta.id, r]));
  return (id) => {
    const rule = byId.get(id);
    if (!rule) return undefined;
    // Only SARIF asks, and only for the rules that reported: reading their doc pages costs little.
    return ruleInfoOf(rule.meta, ruleSet.docsUrl(id), readRuleDoc(id) ?? ruleSet.policies?.explain(id));
  };
}
