import { createHash } from 'node:crypto';
import { createSandboxPage, escapeHtml } from './sandbox-page.js';

describe('sandbox provider pages', () => {
  const page = createSandboxPage({ brand: 'Sandbox <bank>', title: 'Pay', style: '.x{color:red}' });

  it('allows exactly the inline stylesheet it renders, and nothing else', () => {
    const html = page.render('<p>body</p>');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(page.csp).toContain(`style-src 'sha256-${hash}'`);
    expect(page.csp).toContain("default-src 'none'");
    expect(style).toContain('.x{color:red}');
    expect(html).not.toContain('<script');
  });

  it('escapes the brand and what callers escape', () => {
    expect(page.render('')).toContain('Sandbox &lt;bank&gt;');
    expect(escapeHtml(`"a" & 'b'`)).toBe('&quot;a&quot; &amp; &#39;b&#39;');
  });
});
