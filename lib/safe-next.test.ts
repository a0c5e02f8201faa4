// safeNext: the page after sign-in is always a path of this site (issue 7: open redirect).
import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps paths of this site with their query and fragment', () => {
    expect(safeNext('/squads/abc/designer')).toBe('/squads/abc/designer');
    expect(safeNext('/agents?sector=sales&page=2#top')).toBe('/agents?sector=sales&page=2#top');
    expect(safeNext(['/tools', '/evil'])).toBe('/tools');
  });

  it.each([
    '/\t/evil.example/phish',
    '/\n/evil.example/phish',
    '/\r\n/evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example/phish',
    '/\\/evil.example',
    '/.//evil.example/phish',
    '/x/..//evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    ' /agents',
    '',
    '/api/agents',
    '/api',
  ])('sends %j home', (next) => {
    const target = safeNext(next);
    expect(target).toBe('/');
    expect(new URL(target, 'https://console.example').origin).toBe('https://console.example');
  });

  it('sends home when there is no next or it is absurdly long', () => {
    expect(safeNext(undefined)).toBe('/');
    expect(safeNext(`/${'a'.repeat(5000)}`)).toBe('/');
  });
});
