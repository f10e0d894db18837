import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectSources, contentSecurityPolicy, cspMetaTag, inlineScriptHashes } from '../../scripts/vite/csp';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('content security policy', () => {
  it('hashes the inline scripts a page runs, and no script with a src or a data type', () => {
    const html = [
      '<script data-mantine-script="true">setTheme()</script>',
      '<script>restoreScroll()</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<script data-page-meta type="application/ld+json">{"@type":"WebPage"}</script>',
      '<script type="module">boot()</script>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([sha('setTheme()'), sha('restoreScroll()'), sha('boot()')].sort());
  });

  it('connects to its own origin, plus the signaling server it was built for and its WebSocket twin', () => {
    expect(connectSources({})).toEqual(["'self'"]);
    expect(connectSources({ VITE_SIGNALING_URL: 'https://signal.example.org/socket.io' })).toEqual(["'self'", 'https://signal.example.org', 'wss://signal.example.org']);
    expect(connectSources({ VITE_CONNECT_SOURCES: 'http://10.0.0.2:3001, not a url ftp://x.example' })).toEqual(["'self'", 'http://10.0.0.2:3001', 'ws://10.0.0.2:3001']);
  });

  it('forbids eval, inline script and framing; frame-ancestors only in the header', () => {
    const header = contentSecurityPolicy({ scriptHashes: [sha('a')], connect: ["'self'"], forHeader: true });
    const directives = new Map(header.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'", sha('a')]);
    expect(header).not.toContain('unsafe-eval');
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directives.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(contentSecurityPolicy({ scriptHashes: [], connect: ["'self'"], forHeader: false })).not.toContain('frame-ancestors');
  });

  it('writes the policy as a meta element whose quotes survive HTML', () => {
    const tag = cspMetaTag('<script>x()</script>', {});
    expect(tag).toMatch(/^<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-[^"]+'; /);
  });
});
