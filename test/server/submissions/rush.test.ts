/**
 * The limits under a rush (issue 15, DESIGN.md 3), over a listening server, on SQLite and on
 * MariaDB: 200 authors at once for the conference's last free place get exactly one; one author
 * sending 30 at once against a limit of one gets one; numbers are consecutive and never repeated.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { RaisedLimits, serve, tally } from '../../helpers/concurrency';
import { attendee, callConference, call, ok, submissionBody } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false, limiter: new RaisedLimits({ '': 100_000 }) });
});
afterAll(() => h?.stop());

const SUBMITTED = '200 submissions:submitted';

test('200 authors at once for the last free place: exactly one manuscript', async () => {
  const site = await callConference(h, 'cfp-rush', { maxTotal: 5 });
  // Four places taken before the rush.
  for (let i = 0; i < 4; i++)
    ok(
      await call(h, site.host, 'post', '/conference/submission', {
        token: (await attendee(h, site.cid)).token,
        body: submissionBody(site),
      }),
    );
  const people = await Promise.all(Array.from({ length: 200 }, () => attendee(h, site.cid)));
  const server = await serve(h.app);
  try {
    const answers = await Promise.all(
      people.map((p) => server.post(site.host, '/conference/submission', submissionBody(site), `token=${p.token}`)),
    );
    const counts = tally(answers);
    expect(counts[SUBMITTED], JSON.stringify(counts)).toBe(1);
    expect(counts['409 submissions:conferenceLimit']).toBe(199);
  } finally {
    await server.close();
  }
  const rows = (await h.db('submissions').where({ conference_id: site.cid }).orderBy('id')) as Array<{
    number: string;
  }>;
  expect(rows.map((r) => r.number)).toEqual(['A-001', 'A-002', 'A-003', 'A-004', 'A-005']);
  expect(await h.db('submission_authors').where({ conference_id: site.cid })).toHaveLength(10);
});

test('one author sending 30 at once against a limit of one: exactly one', async () => {
  const site = await callConference(h, 'cfp-rush-person', { limitPerPerson: true, maxPerPerson: 1 });
  const a = await attendee(h, site.cid);
  const server = await serve(h.app);
  try {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.post(site.host, '/conference/submission', submissionBody(site), `token=${a.token}`),
      ),
    );
    const counts = tally(answers);
    expect(counts[SUBMITTED], JSON.stringify(counts)).toBe(1);
    expect(counts['409 submissions:personLimit']).toBe(29);
  } finally {
    await server.close();
  }
  expect(await h.db('submissions').where({ conference_id: site.cid })).toHaveLength(1);
});

test('200 at once across two sessions with no limit: every number given once, consecutive per session', async () => {
  const site = await callConference(h, 'cfp-rush-numbers');
  const people = await Promise.all(Array.from({ length: 200 }, () => attendee(h, site.cid)));
  const server = await serve(h.app);
  try {
    const answers = await Promise.all(
      people.map((p, i) =>
        server.post(
          site.host,
          '/conference/submission',
          submissionBody(site, i % 2 ? { sessionId: site.sessionB, subSessionId: null } : {}),
          `token=${p.token}`,
        ),
      ),
    );
    expect(tally(answers)).toEqual({ [SUBMITTED]: 200 });
  } finally {
    await server.close();
  }
  const numbers = ((await h.db('submissions').where({ conference_id: site.cid })) as Array<{ number: string }>)
    .map((r) => r.number)
    .sort();
  const expected = [
    ...Array.from({ length: 100 }, (_, i) => `A-${String(i + 1).padStart(3, '0')}`),
    ...Array.from({ length: 100 }, (_, i) => `B-${String(i + 1).padStart(3, '0')}`),
  ];
  expect(numbers).toEqual(expected.sort());
});
