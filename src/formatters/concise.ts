import { terminalText } from './ansi.js';
import { formatterOf, notLinted, type FormatModule, type ReportWriterFactory } from './summary.js';

/**
 * A report line is one line whatever a message holds (a policy's message is the author's text), and shows the other
 * control characters rather than sending them to the terminal.
 */
function oneLine(text: string): string {
  return terminalText(text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' '));
}

/**
 * One line per problem, `FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE]`: the GNU compiler line that Emacs' compilation
 * mode, Vim's quickfix list and grep-minded scripts read as they read gcc's (Ruff's `concise`, ESLint's `unix`). The
 * file is named as stylish names it; no summary, so that the report counts its problems by lines. Notes are left out:
 * `platlint explain RULE` gives the why.
 */
export const createConciseWriter: ReportWriterFactory = (context) => ({
  start: () => '',
  file: (result) => {
    let out = '';
    const file = oneLine(result.file);
    if (result.ioError !== undefined) out += `${file}: error: ${oneLine(result.ioError)}\n`;
    for (const d of result.diagnostics) out += `${file}:${d.line}:${d.column}: ${d.severity}: ${oneLine(d.message)} [${oneLine(d.ruleId)}]\n`;
    if (context.verbose) {
      for (const skip of result.skips ?? []) out += `${file}:${Math.max(1, skip.line)}: info: ${oneLine(notLinted(skip))}\n`;
    }
    return out;
  },
  end: () => '',
});

export const formatConcise = formatterOf(createConciseWriter);

export const format: FormatModule = { formatter: formatConcise, createWriter: createConciseWriter };
