/**
 * A small YAML emitter for the shapes the synthetic corpus uses: block mappings and sequences, kubectl-style
 * indentation, scalars quoted whenever YAML 1.1 would read them as anything but a string.
 */
export type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

const RESERVED = /^(?:y|n|yes|no|on|off|true|false|null|~)$/i;
/** What YAML 1.1 would read as a number (ints, floats, sexagesimals, octal, hex). */
const NUMBERISH = /^[-+]?(?:[0-9][0-9_]*(?::[0-5]?[0-9])*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+|0x[0-9a-fA-F_]+|\.inf|\.nan)$/i;

function scalar(value: string | number | boolean | null): string {
  if (typeof value !== 'string') return String(value);
  const plain = /^[A-Za-z0-9/$._^(]/.test(value) && !/: |:$|\s#|\s$|[\n"']/.test(value) && !RESERVED.test(value) && !NUMBERISH.test(value);
  return plain ? value : JSON.stringify(value);
}

function key(name: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(name) && !RESERVED.test(name) ? name : JSON.stringify(name);
}

function emit(value: Value, indent: string, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length > 0) {
        const lines: string[] = [];
        emit(item, indent + '  ', lines);
        out.push(`${indent}- ${(lines[0] ?? '').slice(indent.length + 2)}`, ...lines.slice(1));
      } else {
        out.push(`${indent}- ${inline(item)}`);
      }
    }
    return;
  }
  if (value === null || typeof value !== 'object') throw new Error('emit takes a mapping or a list');
  for (const [name, child] of Object.entries(value)) {
    if (typeof child === 'string' && child.includes('\n')) {
      out.push(`${indent}${key(name)}: |`);
      for (const line of child.replace(/\n$/, '').split('\n')) out.push(line ? `${indent}  ${line}` : '');
    } else if (child !== null && typeof child === 'object' && (Array.isArray(child) ? child.length : Object.keys(child).length)) {
      out.push(`${indent}${key(name)}:`);
      emit(child, Array.isArray(child) ? indent : indent + '  ', out);
    } else {
      out.push(`${indent}${key(name)}: ${inline(child)}`);
    }
  }
}

function inline(value: Value): string {
  if (Array.isArray(value)) return value.length ? `[${value.map(inline).join(', ')}]` : '[]';
  if (value !== null && typeof value === 'object') return Object.keys(value).length ? `{${Object.entries(value).map(([k, v]) => `${key(k)}: ${inline(v)}`).join(', ')}}` : '{}';
  return scalar(value);
}

export function toYaml(doc: { [key: string]: Value }): string {
  const out: string[] = [];
  emit(doc, '', out);
  return out.join('\n') + '\n';
}
