import { type DataPath, defineRule, displayPath, isCssColor } from '../../api.js';

const UI: DataPath = ['status', 'uiSettings'];
const COLOR_FIELDS = ['logoBackgroundColor', 'primaryColor', 'sidebarColor', 'accentColor'] as const;

const rule = defineRule({
  meta: {
    id: 'ui/colors',
    description: 'Require valid CSS colors in the UI color settings',
    severity: 'error',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    invalid: {
      text: '{{field}} is "{{value}}", not a CSS color: the browser ignores it and the UI keeps its default color.',
      note: 'Write a hex color like "#1d4ed8", a color function like "rgb(29 78 216)", or a color name like "navy".',
    },
    nearColor: {
      text: '{{field}} is "{{value}}", not a CSS color: the browser ignores it and the UI keeps its default color.',
      note: 'Write "{{suggestion}}".',
    },
    missingHash: {
      text: '{{field}} is "{{value}}", not a CSS color: a hex color starts with "#".',
      note: 'Write "{{suggestion}}" (quoted: an unquoted # starts a YAML comment).',
    },
  },
  given: { path: UI, type: 'mapping' },
  check(ui, ctx) {
    for (const key of COLOR_FIELDS) {
      const value = ui[key];
      // An empty value means "not set": the UI uses its default color.
      if (typeof value !== 'string' || value === '' || isCssColor(value)) continue;
      const path: DataPath = [...UI, key];
      const trimmed = value.trim().replace(/;$/, '').trim();
      const suggestion = `#${trimmed}`;
      // `dark-blue`, `Light Gray`, `blue;`: a color name written the way prose or CSS source writes it.
      const near = /^[a-z][a-z\s_-]*$/i.test(trimmed) ? trimmed.replace(/[\s_-]/g, '').toLowerCase() : trimmed;
      if (near !== value && isCssColor(near)) {
        ctx.report({
          messageId: 'nearColor',
          path,
          data: { field: displayPath(path), value, suggestion: near },
          suggestions: [{ description: `Write "${near}"`, fix: { op: 'set-scalar', path, value: near } }],
        });
      } else if (isCssColor(suggestion) && /^[0-9a-f]+$/i.test(trimmed)) {
        ctx.report({
          messageId: 'missingHash',
          path,
          data: { field: displayPath(path), value, suggestion },
          suggestions: [{ description: `Write "${suggestion}"`, fix: { op: 'set-scalar', path, value: suggestion, quote: true } }],
        });
      } else {
        ctx.report({ messageId: 'invalid', path, data: { field: displayPath(path), value } });
      }
    }
  },
});

export default rule;
