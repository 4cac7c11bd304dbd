import { describe, expect, it } from 'vitest';
import { lintStatus, of } from '../helpers/config.js';
import { spans } from '../helpers/lint.js';

describe('ui/urls', () => {
  it('reports relative URLs and other schemes with the field, at the value', () => {
    const d = of('ui/urls', lintStatus('  uiSettings:\n    logoURL: logo.svg\n    customJavaScript:\n      - ftp://example.com/a.js\n'));
    expect(spans(d)).toEqual([
      ['ui/urls', 7, 14, 7, 22],
      ['ui/urls', 9, 9, 9, 31],
    ]);
    expect(d[0]?.message).toBe(
      'status.uiSettings.logoURL is "logo.svg", not an absolute URL (missing scheme (e.g. https://)).',
    );
    expect(d[1]?.message).toBe(
      'status.uiSettings.customJavaScript[0] is "ftp://example.com/a.js": the UI can only load http:// or https:// URLs here, not "ftp:".',
    );
  });

  it('checks nav bar button icons and links, and never prints a URL password', () => {
    const d = of('ui/urls', lintStatus('  uiSettings:\n    navBarButtons:\n      - icon: ftp://user:s3cret@example.com/i.svg\n        link: wiki\n'));
    expect(d.map((x) => x.message.split(':')[0])).toEqual([
      'status.uiSettings.navBarButtons[0].icon is "ftp',
      'status.uiSettings.navBarButtons[0].link is "wiki", not an absolute URL (missing scheme (e.g. https',
    ]);
    expect(d[0]?.message).toContain('"ftp://user:****@example.com/i.svg"');
    expect(d.some((x) => x.message.includes('s3cret'))).toBe(false);
  });
});

describe('ui/colors', () => {
  it('reports invalid colors and offers the near color name', () => {
    const d = of('ui/colors', lintStatus('  uiSettings:\n    primaryColor: "#12345"\n    accentColor: Light Gray\n    sidebarColor: "0b1f3a"\n'));
    expect(spans(d)).toEqual([
      ['ui/colors', 7, 19, 7, 27],
      ['ui/colors', 8, 18, 8, 28],
      ['ui/colors', 9, 19, 9, 27],
    ]);
    expect(d.map((x) => x.message)).toEqual([
      'status.uiSettings.primaryColor is "#12345", not a CSS color: the browser ignores it and the UI keeps its default color.',
      'status.uiSettings.accentColor is "Light Gray", not a CSS color: the browser ignores it and the UI keeps its default color.',
      'status.uiSettings.sidebarColor is "0b1f3a", not a CSS color: a hex color starts with "#".',
    ]);
  });
});

describe('ui/external-urls', () => {
  it('warns at the allow key when block is not true', () => {
    const d = of('ui/external-urls', lintStatus('  uiSettings:\n    externalURLs:\n      allow: [https://status.example.com]\n'));
    expect(spans(d)).toEqual([['ui/external-urls', 8, 7, 8, 12]]);
    expect(d[0]?.severity).toBe('warning');
    expect(d[0]?.message).toBe(
      'status.uiSettings.externalURLs.allow lists URLs but status.uiSettings.externalURLs.block is not set.',
    );
  });
});
