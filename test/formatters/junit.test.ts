import { describe, expect, it, vi } from 'vitest';
import { escapeXml, escapeXmlAttribute, formatJunit } from '../../src/formatters/junit.js';
import { fixedContext, fixedResults, realContext, realResult, resultOf } from './inputs.js';

// Real lints load every rule: slow on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
// XML 1.0 Char, minus what has to be escaped.
const ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function decode(raw: string, where: string): string {
  if (ILLEGAL.test(raw)) throw new Error(`${where}: character not allowed in XML 1.0`);
  return raw.replace(/&([^;]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new Error(`${where}: bare & in ${JSON.stringify(raw)}`);
    const named = ENTITY[ref];
    if (named !== undefined) return named;
    const numeric = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(ref);
    if (!numeric?.[1]) throw new Error(`${where}: unknown entity &${ref};`);
    const code = numeric[1].startsWith('x') ? parseInt(numeric[1].slice(1), 16) : parseInt(numeric[1], 10);
    const char = String.fromCodePoint(code);
    if (ILLEGAL.test(char)) throw new Error(`${where}: reference to an illegal character`);
    return char;
  });
}

/**
 * A small strict parser for the subset of XML the formatter writes: one declaration, elements with double-quoted
 * attributes, text, no comments, CDATA or DTD. Throws on anything not well-formed: unbalanced tags, `<` or a bare `&`
 * in text or attribute values, duplicate attributes, illegal characters, content after the root.
 */
function parseXml(xml: string): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`offset ${i}: ${why}`);
  };
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  if (!xml.startsWith(declaration)) fail('missing XML declaration');
  i = declaration.length;
  const name = /[A-Za-z_][\w.-]*/y;
  const space = /\s*/y;
  const skipSpace = (): void => {
    space.lastIndex = i;
    space.exec(xml);
    i = space.lastIndex;
  };
  const readName = (): string => {
    name.lastIndex = i;
    const m = name.exec(xml);
    if (!m) return fail('expected a name');
    i = name.lastIndex;
    return m[0];
  };
  const element = (): XmlElement => {
    if (xml[i] !== '<') fail('expected <');
    i++;
    const el: XmlElement = { name: readName(), attributes: new Map(), children: [], text: '' };
    for (;;) {
      const before = i;
      skipSpace();
      if (xml.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      if (i === before) fail('expected whitespace before an attribute');
      const attr = readName();
      if (xml[i] !== '=' || xml[i + 1] !== '"') fail(`attribute ${attr}: expected ="`);
      const end = xml.indexOf('"', i + 2);
      if (end < 0) fail('unterminated attribute');
      const raw = xml.slice(i + 2, end);
      if (raw.includes('<')) fail(`< in attribute ${attr}`);
      if (el.attributes.has(attr)) fail(`duplicate attribute ${attr}`);
      el.attributes.set(attr, decode(raw, `attribute ${attr}`));
      i = end + 1;
    }
    for (;;) {
      const next = xml.indexOf('<', i);
      if (next < 0) fail(`unclosed <${el.name}>`);
      const raw = xml.slice(i, next);
      if (raw.includes('>')) fail('unescaped > in text');
      el.text += decode(raw, `text of ${el.name}`);
      i = next;
      if (xml.startsWith('</', i)) {
        i += 2;
        const closing = readName();
        if (closing !== el.name) fail(`</${closing}> closes <${el.name}>`);
        skipSpace();
        if (xml[i] !== '>') fail('expected >');
        i++;
        return el;
      }
      el.children.push(element());
    }
  };
  skipSpace();
  const root = element();
  skipSpace();
  if (i !== xml.length) fail('content after the root element');
  return root;
}

function children(el: XmlElement | undefined, name: string): XmlElement[] {
  return el?.children.filter((c) => c.name === name) ?? [];
}

describe('the checker itself', () => {
  it.each([
    ['unbalanced', '<?xml version="1.0" encoding="UTF-8"?><a><b></a></b>'],
    ['bare &', '<?xml version="1.0" encoding="UTF-8"?><a>x & y</a>'],
    ['< in attribute', '<?xml version="1.0" encoding="UTF-8"?><a m="<"/>'],
    ['control character', '<?xml version="1.0" encoding="UTF-8"?><a>\u0001</a>'],
    ['two roots', '<?xml version="1.0" encoding="UTF-8"?><a/><b/>'],
    ['unclosed', '<?xml version="1.0" encoding="UTF-8"?><a>'],
  ])('rejects %s', (_, xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});

describe('junit output', () => {
  it('is well-formed for the hand-built results and a real lint', () => {
    expect(() => parseXml(formatJunit(fixedResults(), fixedContext))).not.toThrow();
    expect(() => parseXml(formatJunit([realResult()], realContext))).not.toThrow();
    expect(() => parseXml(formatJunit([], fixedContext))).not.toThrow();
  });

  it('has one suite, one test case per file, one failure per error and the rest in system-out', () => {
    const input = fixedResults();
    const root = parseXml(formatJunit(input, fixedContext));
    expect(root.name).toBe('testsuites');
    const suites = children(root, 'testsuite');
    expect(suites).toHaveLength(1);
    const suite = suites[0];
    expect(suite?.attributes.get('name')).toBe('platlint');
    const cases = children(suite, 'testcase');
    expect(cases.map((c) => c.attributes.get('name'))).toEqual(input.map((r) => r.file));
    expect(cases.every((c) => c.attributes.get('classname') === 'platlint')).toBe(true);
    input.forEach((r, n) => {
      const failures = children(cases[n], 'failure');
      const errors = r.diagnostics.filter((d) => d.severity === 'error');
      expect(failures.map((f) => f.attributes.get('type'))).toEqual(errors.map((d) => d.ruleId));
      expect(failures.map((f) => f.attributes.get('message'))).toEqual(errors.map((d) => d.message.replace(new RegExp(ILLEGAL.source, 'gu'), '')));
      expect(failures.map((f) => f.text)).toEqual(errors.map((d) => `${d.line}:${d.column} error ${d.message} (${d.ruleId})`));
      const others = r.diagnostics.filter((d) => d.severity !== 'error');
      const out = children(cases[n], 'system-out');
      expect(out).toHaveLength(others.length ? 1 : 0);
      if (others.length) expect(out[0]?.text.split('\n')).toHaveLength(others.length);
    });
    // Counts are of test cases: 7 files, 3 with errors, 1 unreadable, 2 skipped.
    for (const el of [root, suite]) {
      expect(el?.attributes.get('tests')).toBe('7');
      expect(el?.attributes.get('failures')).toBe('3');
      expect(el?.attributes.get('errors')).toBe('1');
    }
    expect(suite?.attributes.get('skipped')).toBe('2');
    expect(root.attributes.has('skipped')).toBe(false);
    expect(children(cases[4], 'error')[0]?.attributes.get('message')).toBe('cannot read users/unreadable.yaml: EACCES');
  });

  it('marks a file with no platform object as skipped, with the reason and each object\'s line', () => {
    const cases = children(children(parseXml(formatJunit(fixedResults(), fixedContext)), 'testsuite')[0], 'testcase');
    const skipped = cases.map((c) => children(c, 'skipped').map((el) => [el.attributes.get('message'), el.text]));
    expect(skipped).toEqual([
      [],
      [],
      [],
      [],
      [],
      [['Not linted: templated YAML ("{{" at 4:9), not YAML until rendered: lint the rendered output (helm template CHART | platlint -)', 'line 4: templated YAML ("{{" at 4:9), not YAML until rendered: lint the rendered output (helm template CHART | platlint -)']],
      [['Not linted: 2 objects, none of them a platform object', 'line 1: apiVersion v1, kind ConfigMap: not a management.platform object\nline 7: apiVersion apps/v1, kind Deployment: not a management.platform object']],
    ]);
  });

  it('reports no failures and no errors for clean files', () => {
    const root = parseXml(formatJunit([resultOf('a.yaml', { severity: 'warning' }), { file: 'b.yaml', documents: 1, skipped: 0, diagnostics: [] }], fixedContext));
    const suite = children(root, 'testsuite')[0];
    expect([suite?.attributes.get('tests'), suite?.attributes.get('failures'), suite?.attributes.get('errors')]).toEqual(['2', '0', '0']);
  });
});

describe('junit escaping', () => {
  it('escapes the five XML metacharacters in text and attributes', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
    expect(escapeXmlAttribute(`"&'<>`)).toBe('&quot;&amp;&apos;&lt;&gt;');
  });

  it('keeps tabs and line breaks of attribute values as character references', () => {
    expect(escapeXmlAttribute('a\tb\nc\r\nd')).toBe('a&#9;b&#10;c&#13;&#10;d');
    expect(escapeXml('a\tb\nc\r\nd')).toBe('a\tb\nc&#13;\nd');
  });

  it('removes characters XML 1.0 does not allow, keeps the rest of Unicode', () => {
    expect(escapeXml('a\u0000b\u0001\u0008\u000B\u000C\u001Fc\uFFFE\uFFFFd')).toBe('abcd');
    expect(escapeXml('lone \uD800 and \uDC00 surrogates')).toBe('lone  and  surrogates');
    expect(escapeXml('ü 漢字 🙂 \u007F \u0085 \uE000 \uFFFD')).toBe('ü 漢字 🙂 \u007F \u0085 \uE000 \uFFFD');
  });

  it('round-trips hostile messages and file names through a parser', () => {
    const message = `]]> <![CDATA[ x ]]> </failure><failure> & &amp; "q" 'a' \u0007 \r\n end`;
    const root = parseXml(formatJunit([resultOf('we<ird> & "name".yaml', { message, ruleId: 'acme/<x>' })], fixedContext));
    const testcase = children(children(root, 'testsuite')[0], 'testcase')[0];
    expect(testcase?.attributes.get('name')).toBe('we<ird> & "name".yaml');
    const failure = children(testcase, 'failure');
    expect(failure).toHaveLength(1);
    expect(failure[0]?.attributes.get('type')).toBe('acme/<x>');
    expect(failure[0]?.attributes.get('message')).toBe(message.replace('\u0007', ''));
    expect(failure[0]?.text).toBe(`1:1 error ${message.replace('\u0007', '')} (acme/<x>)`);
  });
});
