import { describe, expect, it } from 'vitest';
import { exportedProject, isKeptRead } from './offline-caches';

const ORIGIN = 'https://stitch.example';
const at = (address: string) => new URL(address, ORIGIN);

/** What the service worker keeps a copy of, to answer from offline. */
describe('isKeptRead', () => {
  it.each([
    '/api/stitch/projects?limit=50&offset=0',
    '/api/stitch/projects/p1',
    '/api/stitch/projects/p1/pattern',
    '/api/stitch/projects/p1/progress',
    '/api/stitch/projects/p1/export?format=pdf&paper=a4',
    '/api/auth/me',
    '/api/healthy-threads', // only the health check itself is left out, not every address starting like it
    '/files/patterns/p1.json',
    '/files/charts/p1.png',
  ])('keeps a GET of %s', (path) => {
    expect(isKeptRead(at(path), 'GET', null)).toBe(true);
  });

  it.each(['/api/health', '/api/health/ready', '/api/docs', '/api/docs/json', '/api/auth/logout'])('never keeps %s', (path) => {
    expect(isKeptRead(at(path), 'GET', null)).toBe(false);
  });

  it.each(['/oidc/auth', '/oidc/token', '/', '/stitch/projects', '/index.html', '/filesystem', '/apix/stitch'])('leaves %s alone (sign-in, pages)', (path) => {
    expect(isKeptRead(at(path), 'GET', null)).toBe(false);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])('never keeps a %s, even of a read address', (method) => {
    expect(isKeptRead(at('/api/stitch/projects/p1/progress'), method, null)).toBe(false);
    expect(isKeptRead(at('/files/charts/p1.png'), method, null)).toBe(false);
  });

  it('never keeps a byte range of a file or an API answer', () => {
    expect(isKeptRead(at('/files/charts/p1.png'), 'GET', 'bytes=0-1023')).toBe(false);
    expect(isKeptRead(at('/api/stitch/projects/p1'), 'GET', 'bytes=0-')).toBe(false);
  });
});

/** The project whose last PDF answers offline for a PDF export not kept. */
describe('exportedProject', () => {
  it('names the project of a PDF export, whatever its other choices', () => {
    expect(exportedProject(at('/api/stitch/projects/p1/export?format=pdf'))).toBe('p1');
    expect(exportedProject(at('/api/stitch/projects/p1/export?paper=letter&variant=symbols&format=pdf&pages=all'))).toBe('p1');
  });

  it('gives two PDF addresses of one project the same name, and another project another', () => {
    const ofProject = (id: string, paper: string) => exportedProject(at(`/api/stitch/projects/${encodeURIComponent(id)}/export?format=pdf&paper=${paper}`));
    expect(ofProject('rosé garden', 'a4')).toBe(ofProject('rosé garden', 'letter'));
    expect(ofProject('rosé garden', 'a4')).not.toBe(ofProject('rosé', 'a4'));
    expect(ofProject('rosé garden', 'a4')).toBeDefined();
  });

  it('names nothing for other formats, no format, or other addresses', () => {
    expect(exportedProject(at('/api/stitch/projects/p1/export?format=png'))).toBeUndefined();
    expect(exportedProject(at('/api/stitch/projects/p1/export?format=json'))).toBeUndefined();
    expect(exportedProject(at('/api/stitch/projects/p1/export'))).toBeUndefined();
    expect(exportedProject(at('/api/stitch/projects/p1?format=pdf'))).toBeUndefined();
    expect(exportedProject(at('/api/stitch/projects/p1/export/extra?format=pdf'))).toBeUndefined();
    expect(exportedProject(at('/files/p1.pdf?format=pdf'))).toBeUndefined();
  });
});
