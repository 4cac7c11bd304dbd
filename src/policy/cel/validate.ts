/**
 * What cel-go checks after type-checking and when it plans a program, as Kubernetes' environment has it: the AST
 * validators of 1.29 and later (cel.ValidateDurationLiterals, ValidateTimestampLiterals, ValidateRegexLiterals,
 * ValidateHomogeneousAggregateLiterals, cel/validator.go) and the constant regular expressions that the regex
 * optimisations compile when the program is planned (interpreter.CompileRegexConstants, library/regex.go).
 */
import { children, type Expr } from './ast.js';
import type { Checked } from './checker.js';
import { formatType, sameType, type CelType } from './types.js';
import { CelError } from './values.js';
import { parseDuration, parseTimestamp } from './lib/std-time.js';
import { compileRegex } from './lib/regex-cache.js';

export interface Issue {
  message: string;
  exprId: number;
  /** Why, when cel-go's message does not say (the regular expression's own error). */
  detail?: string;
}

function walk(root: Expr, visit: (e: Expr, parents: readonly Expr[]) => void): void {
  const stack: [Expr, Expr[]][] = [[root, []]];
  while (stack.length) {
    const [e, parents] = stack.pop() as [Expr, Expr[]];
    visit(e, parents);
    for (const child of children(e)) stack.push([child, [...parents, e]]);
  }
}

function literalString(e: Expr | undefined): string | undefined {
  return e?.kind === 'literal' && typeof e.value === 'string' ? e.value : undefined;
}

/**
 * The literal validators: `homogeneous`, cel.HomogeneousAggregateLiterals (a list or map literal of mixed types,
 * Kubernetes' from 1.0); `literals` (1.29+), a literal argument that duration, timestamp or matches would refuse.
 */
export function literalIssues(root: Expr, checked: Checked, which: { homogeneous: boolean; literals: boolean }): Issue[] {
  const issues: Issue[] = [];
  walk(root, (e, parents) => {
    if (e.kind === 'call' && which.literals) {
      const arg = e.args[0];
      const text = literalString(arg);
      if (text !== undefined && arg) {
        if (e.fn === 'duration' && parseDuration(text) instanceof CelError) issues.push({ message: 'invalid duration argument', exprId: arg.id });
        if (e.fn === 'timestamp' && parseTimestamp(text) instanceof CelError) issues.push({ message: 'invalid timestamp argument', exprId: arg.id });
        const regex = e.fn === 'matches' ? compileRegex(text) : undefined;
        if (regex instanceof CelError) issues.push({ message: 'invalid matches argument', exprId: arg.id, detail: regex.message });
      }
    }
    // The strings extension's format() takes a list of mixed values (ext/formatting.go exempts it).
    const exempt = !which.homogeneous || parents.some((p) => p.kind === 'call' && p.fn === 'format');
    if (e.kind === 'list' && !exempt) {
      let first: CelType | undefined;
      for (const [i, element] of e.elements.entries()) {
        let t = checked.types.get(element.id);
        if (!t) continue;
        if (e.optionalIndices.includes(i) && t.kind === 'opaque') t = t.params[0] ?? t;
        if (first === undefined) first = t;
        else if (!sameType(first, t)) {
          issues.push({ message: `expected type '${formatType(first)}' but found '${formatType(t)}'`, exprId: element.id });
          break;
        }
      }
    }
    if (e.kind === 'map' && !exempt) {
      let keyType: CelType | undefined;
      let valueType: CelType | undefined;
      for (const entry of e.entries) {
        const kt = checked.types.get(entry.key.id);
        let vt = checked.types.get(entry.value.id);
        if (!kt || !vt) continue;
        if (entry.optional && vt.kind === 'opaque') vt = vt.params[0] ?? vt;
        if (keyType === undefined || valueType === undefined) {
          keyType = kt;
          valueType = vt;
          continue;
        }
        if (!sameType(keyType, kt)) issues.push({ message: `expected type '${formatType(keyType)}' but found '${formatType(kt)}'`, exprId: entry.key.id });
        if (!sameType(valueType, vt)) issues.push({ message: `expected type '${formatType(valueType)}' but found '${formatType(vt)}'`, exprId: entry.value.id });
      }
    }
  });
  return issues;
}

/** Constant patterns of matches, find and findAll, compiled when cel-go plans the program: a bad one fails it. */
export function constantRegexProblem(root: Expr): Issue | undefined {
  let problem: Issue | undefined;
  walk(root, (e) => {
    if (problem || e.kind !== 'call' || !['matches', 'find', 'findAll'].includes(e.fn)) return;
    const pattern = e.target ? e.args[0] : e.args[1];
    const text = literalString(pattern);
    if (text === undefined || !pattern) return;
    const compiled = compileRegex(text);
    if (compiled instanceof CelError) problem = { message: compiled.message, exprId: pattern.id };
  });
  return problem;
}
