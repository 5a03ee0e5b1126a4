import { describe, expect, it } from 'vitest';
import { copyProjectReads, filesOfProject, projectApiReads, projectOfPath } from './project-reads';

const ORIGIN = 'https://stitch.example';

describe('projectOfPath', () => {
  it('names the project of its reads and writes', () => {
    expect(projectOfPath('/api/stitch/projects/p1')).toBe('p1');
    expect(projectOfPath('/api/stitch/projects/p1/')).toBe('p1');
    expect(projectOfPath('/api/stitch/projects/p1/progress')).toBe('p1');
    expect(projectOfPath('/api/stitch/projects/0b7e6f1c-5d2a-4c1e-9a37-2f1d8c6b9e40/pattern')).toBe('0b7e6f1c-5d2a-4c1e-9a37-2f1d8c6b9e40');
  });

  it('decodes an encoded id, as the app encoded it in the address', () => {
    const id = 'rosé garden/2';
    const path = new URL(projectApiReads(id)[2]!, ORIGIN).pathname;
    expect(path).toBe('/api/stitch/projects/ros%C3%A9%20garden%2F2/progress');
    expect(projectOfPath(path)).toBe(id);
  });

  it('names no project for the list, claiming or importing, or other addresses', () => {
    expect(projectOfPath('/api/stitch/projects')).toBeUndefined();
    expect(projectOfPath('/api/stitch/projects/')).toBeUndefined();
    expect(projectOfPath('/api/stitch/projects/claim')).toBeUndefined();
    expect(projectOfPath('/api/stitch/projects/import')).toBeUndefined();
    expect(projectOfPath('/api/stitch/projects/import/preview')).toBeUndefined();
    expect(projectOfPath('/api/stitch/projectsX/p1')).toBeUndefined();
    expect(projectOfPath('/api/stitch/owned-threads/310')).toBeUndefined();
    expect(projectOfPath('/files/projects/p1.png')).toBeUndefined();
  });

  it('still names a project whose id merely starts like claim or import', () => {
    expect(projectOfPath('/api/stitch/projects/claimed-roses')).toBe('claimed-roses');
    expect(projectOfPath('/api/stitch/projects/imported/progress')).toBe('imported');
  });
});

describe('filesOfProject', () => {
  it("names the project's pattern document, chart and picture on this origin, relative or absolute", () => {
    const details = {
      id: 'p1',
      outputs: { pattern_url: '/files/p1.json', stitch_plan_url: `${ORIGIN}/files/p1.png`, input_image_url: 'files/in.png' },
    };
    expect(filesOfProject(details, ORIGIN)).toEqual([`${ORIGIN}/files/p1.json`, `${ORIGIN}/files/p1.png`, `${ORIGIN}/files/in.png`]);
  });

  it('leaves out files stored elsewhere (another origin, another port or scheme)', () => {
    const details = {
      outputs: {
        pattern_url: 'https://bucket.s3.example/p1.json',
        stitch_plan_url: 'https://stitch.example:8443/files/p1.png',
        input_image_url: 'http://stitch.example/files/in.png',
      },
    };
    expect(filesOfProject(details, ORIGIN)).toEqual([]);
    expect(filesOfProject({ outputs: { ...details.outputs, pattern_url: '/files/p1.json' } }, ORIGIN)).toEqual([`${ORIGIN}/files/p1.json`]);
  });

  it('names nothing for missing outputs, a project without a chart yet, or no details', () => {
    expect(filesOfProject({ outputs: { input_image_url: '/files/in.png', stitch_plan_url: null, pattern_url: null } }, ORIGIN)).toEqual([
      `${ORIGIN}/files/in.png`,
    ]);
    expect(filesOfProject({ id: 'p1' }, ORIGIN)).toEqual([]);
    expect(filesOfProject({ outputs: null }, ORIGIN)).toEqual([]);
    expect(filesOfProject({ outputs: { other_url: '/files/x.png' } }, ORIGIN)).toEqual([]);
    expect(filesOfProject(null, ORIGIN)).toEqual([]);
    expect(filesOfProject(undefined, ORIGIN)).toEqual([]);
  });
});

/** A stand-in network for copyProjectReads: answers per address (a status, or a failure), and records what was asked and put. */
function network(answers: Record<string, number | 'throws'>, details: unknown) {
  const asked: string[] = [];
  const put: Record<string, unknown> = {};
  const get = (url: string): Promise<Response> => {
    asked.push(url);
    const path = url.slice(ORIGIN.length);
    const answer = answers[path] ?? 200;
    if (answer === 'throws') return Promise.reject(new TypeError('Failed to fetch'));
    const body = /^\/api\/stitch\/projects\/[^/]+$/.test(path) ? details : { path };
    return Promise.resolve(new Response(JSON.stringify(body), { status: answer, headers: { 'content-type': 'application/json' } }));
  };
  const keep = async (url: string, response: Response): Promise<void> => {
    put[url] = await response.json(); // the answer handed over can still be read whole
  };
  return { asked, put, get, keep };
}

const DETAILS = {
  id: 'p1',
  outputs: { pattern_url: '/files/p1.json', stitch_plan_url: `${ORIGIN}/files/p1.png`, input_image_url: 'https://elsewhere.example/in.png' },
};
const READS = [
  `${ORIGIN}/api/stitch/projects/p1`,
  `${ORIGIN}/api/stitch/projects/p1/pattern`,
  `${ORIGIN}/api/stitch/projects/p1/progress`,
  `${ORIGIN}/api/stitch/projects/p1/shopping-list?fabric=14`,
];
const FILES = [`${ORIGIN}/files/p1.json`, `${ORIGIN}/files/p1.png`];

describe('copyProjectReads', () => {
  it('copies the project’s reads and the files of this origin its details name, with nothing missing', async () => {
    const net = network({}, DETAILS);
    expect(await copyProjectReads('p1', ORIGIN, net.get, net.keep)).toBe(0);
    expect(Object.keys(net.put)).toEqual([...READS, ...FILES]);
    expect(net.put[READS[0]!]).toEqual(DETAILS);
    expect(net.put[FILES[1]!]).toEqual({ path: '/files/p1.png' });
    expect(net.asked).not.toContain('https://elsewhere.example/in.png');
  });

  it('counts a read the server refused as missing, and does not put it', async () => {
    const net = network({ '/api/stitch/projects/p1/pattern': 404, '/files/p1.png': 500 }, DETAILS);
    expect(await copyProjectReads('p1', ORIGIN, net.get, net.keep)).toBe(2);
    expect(Object.keys(net.put)).toEqual([READS[0], READS[2], READS[3], FILES[0]]);
  });

  it('counts a read that could not be made (no network) as missing, and goes on with the others', async () => {
    const net = network({ '/api/stitch/projects/p1/progress': 'throws', '/files/p1.json': 'throws' }, DETAILS);
    expect(await copyProjectReads('p1', ORIGIN, net.get, net.keep)).toBe(2);
    expect(Object.keys(net.put)).toEqual([READS[0], READS[1], READS[3], FILES[1]]);
    expect(net.asked).toEqual([...READS, ...FILES]);
  });

  it('without the details, copies the other reads but knows of no files', async () => {
    const net = network({ '/api/stitch/projects/p1': 503 }, DETAILS);
    expect(await copyProjectReads('p1', ORIGIN, net.get, net.keep)).toBe(1);
    expect(Object.keys(net.put)).toEqual(READS.slice(1));
    expect(net.asked).toEqual(READS);
  });

  it('asks for an encoded id’s reads at its encoded address', async () => {
    const net = network({}, { outputs: {} });
    expect(await copyProjectReads('a b', ORIGIN, net.get, net.keep)).toBe(0);
    expect(net.asked[0]).toBe(`${ORIGIN}/api/stitch/projects/a%20b`);
    expect(net.asked).toHaveLength(4);
  });
});
