/**
 * What attendees read of the programme (issue 34), drawn from the last release only: the page in
 * the site's template (kept, dropped on release), a talk's page with JSON-LD and Open Graph, the
 * calendar parsed back with ical.js (its times across zones: calendar.test.ts), the JSON schedule
 * checked against the schedule format's rules, the agenda per person and conference, and the
 * secret feed revoked by a new one.
 */
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Ajv from 'ajv';
import { createHarness, type Harness } from '../../helpers/harness';
import { ROOT_DIR } from '../../../server/paths';
import { contractSite } from '../../fixtures/contractSite';
import { release, smallProgramme } from './releaseFixture';
import { SCHEDULE_SCHEMA } from './scheduleSchema';
import { readCalendar, timesOf } from './icalRead';

let h: Harness;
let cid: number;
let other: number;
const host = 'prog.localhost';
const otherHost = 'prog2.localhost';

function get(path: string, o: { cookie?: string; lang?: 'zh' | 'en'; at?: string } = {}) {
  const cookies = [o.cookie, o.lang ? `locale=${o.lang}` : ''].filter(Boolean).join('; ');
  const req = request(h.app)
    .get(path)
    .set('Host', o.at ?? host);
  return cookies ? req.set('Cookie', cookies) : req;
}

function api(method: 'get' | 'put' | 'delete' | 'post', path: string, token: string, at = host) {
  return request(h.app)
    [method](`/api/conference/programme${path}`)
    .set('Host', at)
    .set('Origin', `http://${at}`)
    .set('Cookie', `token=${token}`);
}

function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

beforeAll(async () => {
  // This worktree's own build: the plugin's auto-import in node_modules names the last build made
  // on this machine, which may be another checkout's.
  await import(path.join(ROOT_DIR, 'dist/server/entry.mjs'));
  h = await createHarness();
  cid = await h.provision(contractSite({ slug: 'prog', domains: [host] }));
  other = await h.provision(contractSite({ slug: 'prog2', domains: [otherHost] }));
});
afterAll(async () => h?.stop());

describe('before the first release', () => {
  test('the programme says it is not published yet, in the site template, in both languages', async () => {
    const zh = await get('/programme', { lang: 'zh' }).expect(200);
    expect(zh.text).toContain('会议日程尚未发布');
    expect(zh.text).toContain('template-html-root');
    const en = await get('/programme', { lang: 'en' }).expect(200);
    expect(en.text).toContain('The programme is not published yet');
    expect((await get('/programme.ics')).status).toBe(404);
    expect((await get('/programme/schedule.json')).status).toBe(404);
  });
});

describe('a release', () => {
  beforeAll(async () => {
    await release(h, cid, smallProgramme(1));
  });

  test('the page shows the release by day in the template, kept for the fast path, and drops it on the next release', async () => {
    const first = await get('/programme?day=2030-05-20', { lang: 'en' }).expect(200);
    expect(first.text).toContain('template-html-root');
    expect(first.text).toContain('Quantum Widgets');
    expect(first.text).toContain('Opening Keynote');
    expect(first.text).toContain('Peking University');
    expect(first.text).not.toContain('一个很长的中文题目');
    const hits = h.pageCache.fastHits;
    const again = await get('/programme?day=2030-05-20', { lang: 'en' }).expect(200);
    expect(h.pageCache.fastHits).toBe(hits + 1);
    expect(again.text).toBe(first.text);
    await release(h, cid, smallProgramme(2, 'Renamed Widgets'));
    const after = await get('/programme?day=2030-05-20', { lang: 'en' }).expect(200);
    expect(after.text).toContain('Renamed Widgets');
    expect(after.text).not.toContain('Quantum Widgets');
    expect(after.text).toContain('Release 2');
  });

  test('views by room and by session, search across days by speaker and unit, filters by kind', async () => {
    const rooms = await get('/programme?view=room&day=2030-05-20', { lang: 'en' }).expect(200);
    expect(rooms.text).toMatch(/class="pg-room-col"><h3>Hall A<\/h3>/);
    const sessions = await get('/programme?view=session', { lang: 'en' }).expect(200);
    expect(sessions.text).toContain('<h2>Materials</h2>');
    const byUnit = await get('/programme?q=tsinghua', { lang: 'en' }).expect(200);
    expect(byUnit.text).toContain('1 found');
    expect(byUnit.text).toContain('Graphene; Commas, and Slashes');
    const byName = await get(`/programme?q=${encodeURIComponent('王五')}`, { lang: 'zh' }).expect(200);
    expect(byName.text).toContain('一个很长的中文题目');
    const lunch = await get('/programme?kind=lunch&day=2030-05-20', { lang: 'en' }).expect(200);
    expect(lunch.text).toContain('Lunch');
    expect(lunch.text).not.toContain('Parallel Talk');
    // junk in the address is the default view, never an error
    expect((await get('/programme?view=%00&day=x&kind=<b>&session=abc', { lang: 'en' })).status).toBe(200);
  });

  test('the programme page carries JSON-LD (Event with subEvents, location, performer) and Open Graph', async () => {
    const page = await get('/programme?day=2030-05-20', { lang: 'en' }).expect(200);
    const [ld] = jsonLdOf(page.text);
    expect(ld['@type']).toBe('Event');
    const subs = ld.subEvent as Array<Record<string, unknown>>;
    const keynote = subs.find((s) => s.name === 'Opening Keynote')!;
    expect(keynote.startDate).toBe('2030-05-20T01:00:00.000Z');
    expect((keynote.location as Record<string, unknown>)['@type']).toBe('Place');
    expect((keynote.performer as Array<Record<string, unknown>>)[0]).toMatchObject({
      '@type': 'Person',
      name: 'Ada Keynote',
    });
    expect(page.text).toMatch(/<meta property="og:title" content="Programme[^"]*">[^]*<\/head>/);
  });

  test("a talk's page: title, authors and units, abstract, room, time, session, chair; JSON-LD; unknown uids go to 404", async () => {
    const talk = await get('/programme/item-4', { lang: 'en' }).expect(200);
    for (const s of [
      'Graphene; Commas, and Slashes',
      'Zhang San',
      'Tsinghua University',
      'Abstract of',
      'Hall A',
      '10:50',
      'Materials',
      'Chair Person',
    ])
      expect(talk.text).toContain(s);
    const [ld] = jsonLdOf(talk.text);
    expect(ld).toMatchObject({
      '@type': 'Event',
      name: 'Graphene; Commas, and Slashes',
      location: { '@type': 'Place' },
    });
    expect(talk.text).toContain('<meta property="og:type" content="article">');
    expect((await get('/programme/item-999')).headers.location).toBe('/404');
    expect((await get('/programme/not-a-uid!')).headers.location).toBe('/404');
  });

  test('the whole programme as iCalendar, parsed back: stable UIDs, local times in the conference’s zone, sequence and stamp of the release, escaping and folding', async () => {
    const res = await get('/programme.ics?lang=en').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    // gzipped once for the calendar apps that ask (supertest unpacks it), whole for those that do not
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await get('/programme.ics?lang=en').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(res.text);
    const text = res.text;
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const { events } = readCalendar(text);
    expect(events).toHaveLength(7);
    const graphene = events.find((e) => e.uid === 'item-4@prog.localhost')!;
    expect(graphene.summary).toBe('Graphene; Commas, and Slashes');
    expect(text).toContain('DTSTART;TZID=Asia/Shanghai:20300520T105000');
    expect(timesOf(graphene)).toEqual({
      zone: 'Asia/Shanghai',
      localStart: '2030-05-20T10:50:00',
      localEnd: '2030-05-20T11:10:00',
      start: '2030-05-20T02:50:00.000Z',
      end: '2030-05-20T03:10:00.000Z',
    });
    expect(graphene.sequence).toBe(2);
    expect(graphene.description).toContain('backslash \\ here');
    const long = readCalendar((await get('/programme.ics?lang=zh').expect(200)).text).events.find(
      (e) => e.uid === 'item-7@prog.localhost',
    )!;
    expect(long.summary).toBe('一个很长的中文题目用来检验日历折行是否会把多字节字符切断的情况是否正确处理（中）');
    // a second request is the same kept file, and a calendar polling with its validator gets 304
    const etag = res.headers.etag;
    expect((await get('/programme.ics?lang=en').set('If-None-Match', etag)).status).toBe(304);
  });

  test('the JSON schedule follows the schedule format (frab / c3voc schema)', async () => {
    const res = await get('/programme/schedule.json?lang=en').expect(200);
    const ajv = new Ajv({ allErrors: true });
    const valid = ajv.validate(SCHEDULE_SCHEMA, res.body);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    const day1 = res.body.schedule.conference.days[0];
    expect(day1.rooms['Hall A'].map((e: { title: string }) => e.title)).toContain('Graphene; Commas, and Slashes');
    expect(day1.day_start).toBe('2030-05-20T09:00:00+08:00');
  });

  test('the printed programme: built once per release, fonts embedded, each day opening on a left-hand page with its grid, the index; read back as text', async () => {
    // the pool's task counted as it runs (the real pool does the work)
    const compute = h.work.compute.bind(h.work);
    let prints = 0;
    h.work.compute = ((cid, task, ...rest) => {
      if (task === 'programme.print') prints++;
      return compute(cid, task, ...rest);
    }) as typeof h.work.compute;
    try {
      const first = await get('/programme.pdf?lang=en').expect(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      const { execFileSync } = await import('node:child_process');
      const pdf = first.body as Buffer;
      const text = (from?: number) =>
        execFileSync('pdftotext', ['-layout', ...(from ? ['-f', String(from), '-l', String(from)] : []), '-', '-'], {
          input: pdf,
        }).toString();
      expect(text()).toContain('Graphene; Commas, and Slashes');
      expect(text()).toContain('Index of speakers and authors');
      // the faces are embedded (subsets), TrueType
      expect(execFileSync('pdffonts', ['-'], { input: pdf }).toString()).toMatch(
        /NotoSansSC-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes/,
      );
      // each day's grid is on an even (left-hand) page, its rooms named
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())![1]);
      const glance = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => text(n).includes('at a glance'));
      expect(glance.length).toBe(2);
      for (const n of glance) expect(n % 2).toBe(0);
      expect(text(glance[0])).toMatch(/Hall A[\s\S]*Hall B/);
      const second = await get('/programme.pdf?lang=en').expect(200);
      expect(Buffer.compare(pdf, second.body as Buffer)).toBe(0);
      expect(prints).toBe(1);
      // the Chinese one is its own build, its CJK text drawn and read back
      const zh = (await get('/programme.pdf?lang=zh').expect(200)).body as Buffer;
      expect(prints).toBe(2);
      const zhText = execFileSync('pdftotext', ['-layout', '-', '-'], { input: zh }).toString();
      expect(zhText).toContain('报告人及作者索引');
      expect(zhText).toContain('日程一览');
      expect(zhText).toContain('一个很长的中文题目');
    } finally {
      h.work.compute = compute;
    }
  }, 60_000);
});

describe('the personal agenda', () => {
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    await release(h, other, smallProgramme(1));
    alice = await h.login({ email: 'alice-prog@example.org', conferenceId: cid });
    bob = await h.login({ email: 'bob-prog@example.org', conferenceId: cid });
  });

  test('anonymous visitors are invited to sign in; the API refuses them', async () => {
    const page = await get('/programme?day=2030-05-20', { lang: 'en' }).expect(200);
    expect(page.text).toContain('Sign in to keep your own agenda');
    expect(page.text).not.toContain('class="pg-mark"');
    expect((await request(h.app).get('/api/conference/programme/agenda').set('Host', host)).status).toBe(401);
  });

  test('marks are kept per person and per conference, and clashes are found (a paper in its own block is none)', async () => {
    expect((await api('put', '/agenda/item-3', alice).expect(200)).body.data).toEqual({
      uids: ['item-3'],
      clashes: [],
    });
    await api('put', '/agenda/item-2', alice).expect(200);
    const view = (await api('put', '/agenda/item-5', alice).expect(200)).body.data;
    expect(view.uids).toEqual(['item-2', 'item-3', 'item-5']);
    expect(view.clashes).toEqual([
      ['item-2', 'item-5'],
      ['item-3', 'item-5'],
    ]);
    expect((await api('put', '/agenda/item-5', alice).expect(200)).body.data.uids).toHaveLength(3);
    expect((await api('get', '/agenda', bob).expect(200)).body.data.uids).toEqual([]);
    expect((await api('put', '/agenda/item-99', alice)).status).toBe(404);
    expect((await api('put', '/agenda/%3Cscript%3E', alice)).status).toBe(400);
    const elsewhere = await h.login({ email: 'alice-prog@example.org', conferenceId: other });
    expect((await api('get', '/agenda', elsewhere, otherHost).expect(200)).body.data.uids).toEqual([]);
    expect((await api('delete', '/agenda/item-2', alice).expect(200)).body.data.uids).toEqual(['item-3', 'item-5']);
    const page = await get('/programme/agenda', { cookie: `token=${alice}`, lang: 'en' }).expect(200);
    expect(page.text).toContain('1 clash');
    expect(page.text).toContain('Parallel Talk');
  });

  test('the personal feed: a secret address, only its hash stored, revoked by a new one and by stopping it', async () => {
    const first = (await api('post', '/feed', alice).expect(200)).body.data.url as string;
    expect(first).toMatch(/^http:\/\/prog\.localhost(:\d+)?\/programme\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const path = new URL(first).pathname;
    const secret = path.split('/').pop()!.replace('.ics', '');
    const rows = await h.db('programme_feeds').where({ conference_id: cid });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret);
    const feed = await get(`${path}?lang=en`).expect(200);
    const events = readCalendar(feed.text).events.map((e) => e.uid);
    expect(events.sort()).toEqual(['item-3@prog.localhost', 'item-5@prog.localhost']);
    // the same secret opens nothing on another conference
    expect((await get(path, { at: otherHost })).status).toBe(404);
    const second = (await api('post', '/feed', alice).expect(200)).body.data.url as string;
    expect((await get(path)).status).toBe(404);
    expect((await get(new URL(second).pathname)).status).toBe(200);
    await api('delete', '/feed', alice).expect(200);
    expect((await get(new URL(second).pathname)).status).toBe(404);
    expect((await get('/programme/feed/short.ics')).status).toBe(404);
  });

  test('many new addresses asked at once: each answered, and exactly one of them opens the feed', async () => {
    const carol = await h.login({ email: 'carol-prog@example.org', conferenceId: cid });
    await api('put', '/agenda/item-3', carol).expect(200);
    const answers = await Promise.all(Array.from({ length: 8 }, () => api('post', '/feed', carol)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const opened = await Promise.all(
      answers.map(async (a) => (await get(new URL(a.body.data.url as string).pathname)).status),
    );
    expect(opened.filter((st) => st === 200)).toHaveLength(1);
    expect(opened.filter((st) => st === 404)).toHaveLength(7);
    const user = await h.db('users').where({ email: 'carol-prog@example.org' }).first();
    expect(await h.db('programme_feeds').where({ conference_id: cid, user_id: user!.id })).toHaveLength(1);
  });

  test("the person's export holds their agenda, never the feed's hash; erasure removes both", async () => {
    await api('post', '/feed', bob).expect(200);
    await api('put', '/agenda/item-1', bob).expect(200);
    const user = await h.db('users').where({ email: 'bob-prog@example.org' }).first();
    const { programmePersonalData } = await import('../../../server/modules/programme/personalData');
    const part = programmePersonalData(h.db);
    const exported = await part.export({ userId: Number(user!.id), email: user!.email, name: '' });
    expect(exported.data).toMatchObject({
      agenda: [{ conferenceId: cid, item: 'item-1' }],
      calendarFeeds: [{ conferenceId: cid }],
    });
    expect(JSON.stringify(exported.data)).not.toMatch(/[0-9a-f]{64}/);
    const touched: number[] = [];
    let batch;
    do
      batch = await part.erase!(
        { userId: Number(user!.id), email: user!.email, name: '' },
        1,
        async (_tx, c) => void touched.push(c),
      );
    while (batch.changed > 0);
    expect(await h.db('programme_agenda').where({ user_id: user!.id })).toHaveLength(0);
    expect(await h.db('programme_feeds').where({ user_id: user!.id })).toHaveLength(0);
    expect(new Set(touched)).toEqual(new Set([cid]));
  });
});
