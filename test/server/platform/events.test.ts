/**
 * The event bus (server/platform/events.ts): handlers run in the raiser's transaction, in the
 * order they were added, with typed payloads; and, through the whole app, registration raises
 * `registration.created` / `registrant.deleted`, whose handlers (the attendee role) commit or roll
 * back with the registration.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EventBus, handle, type EventMap } from '../../../server/platform/events';
import { inTransaction } from '../../../server/db/transaction';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { call, goodAnswers, testForm } from '../registration/helpers';

let h: Harness;
let cid: number;
const host = 'contract.localhost';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite());
  await openRegistration(h.db, cid, { prefix: 'EV-' });
  await setForm(h.db, cid, 'default', testForm());
  await h.db.schema.createTable('event_marks', (t) => {
    t.increments('id');
    t.string('note', 50).notNullable();
  });
});
afterAll(() => h?.stop());

const marks = async () => (await h.db('event_marks').orderBy('id').pluck('note')) as string[];
const payload: EventMap['registration.created'] = { conferenceId: 1, registrantId: 2, userId: 3 };

describe('the bus', () => {
  test("a handler's write commits with the change", async () => {
    const bus = new EventBus();
    bus.on(
      'registration.created',
      async (tx, p) => void (await tx('event_marks').insert({ note: `handled ${p.registrantId}` })),
    );
    await inTransaction(h.db, async (tx) => {
      await tx('event_marks').insert({ note: 'change' });
      await bus.emit(tx, 'registration.created', payload);
    });
    expect(await marks()).toEqual(['change', 'handled 2']);
    await h.db('event_marks').delete();
  });

  test("a handler's write is rolled back with the change when a later step fails", async () => {
    const bus = new EventBus();
    bus.on('registration.created', async (tx) => void (await tx('event_marks').insert({ note: 'handled' })));
    await expect(
      inTransaction(h.db, async (tx) => {
        await tx('event_marks').insert({ note: 'change' });
        await bus.emit(tx, 'registration.created', payload);
        throw new Error('a later step fails');
      }),
    ).rejects.toThrow('a later step fails');
    expect(await marks()).toEqual([]);
  });

  test('a failing handler rolls the change back, the handlers before it included, and stops those after it', async () => {
    const bus = new EventBus();
    let after = 0;
    bus.on('registrant.deleted', async (tx) => void (await tx('event_marks').insert({ note: 'first' })));
    bus.on('registrant.deleted', () => {
      throw new Error('handler failed');
    });
    bus.on('registrant.deleted', () => void after++);
    await expect(
      inTransaction(h.db, async (tx) => {
        await tx('event_marks').insert({ note: 'change' });
        await bus.emit(tx, 'registrant.deleted', payload);
      }),
    ).rejects.toThrow('handler failed');
    expect(await marks()).toEqual([]);
    expect(after).toBe(0);
  });

  test('handlers run one after another in the order they were added; only those of the event; off removes one', async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    const slow = () => new Promise((resolve) => setTimeout(resolve, 20));
    bus.on('registration.created', async (_tx, p) => {
      await slow();
      seen.push(`a${p.userId}`);
    });
    const off = bus.on('registration.created', () => void seen.push('b'));
    bus.subscribe([
      handle('registration.created', (_tx, p) => void seen.push(`c${p.conferenceId}`)),
      handle('registrant.deleted', () => void seen.push('deleted')),
    ]);
    await h.db.transaction((tx) => bus.emit(tx, 'registration.created', payload));
    expect(seen).toEqual(['a3', 'b', 'c1']);
    off();
    await h.db.transaction((tx) => bus.emit(tx, 'registration.created', payload));
    expect(seen).toEqual(['a3', 'b', 'c1', 'a3', 'c1']);
  });

  test('payloads are typed by event name', async () => {
    const bus = new EventBus();
    // @ts-expect-error: registration.created has no orderId
    bus.on('registration.created', (_tx, p) => void p.orderId);
    // @ts-expect-error: an unknown event
    bus.on('no.such.event', () => undefined);
    await h.db.transaction(async (tx) => {
      // @ts-expect-error: the payload lacks userId
      await bus.emit(tx, 'registrant.deleted', { conferenceId: 1, registrantId: 2 });
    });
  });
});

describe('registration raises its events', () => {
  const counts = async () => ({
    registrants: Number((await h.db('registrants').where({ conference_id: cid }).count({ n: '*' }).first())!.n),
    attendees: Number(
      (await h.db('conference_roles').where({ conference_id: cid, role: 'attendee' }).count({ n: '*' }).first())!.n,
    ),
    mail: Number((await h.db('mail_outbox').count({ n: '*' }).first())!.n),
  });
  const register = (token: string) =>
    call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers(), noticeAccepted: true },
    });

  test('a handler that fails refuses the registration: no registrant, no role, no mail', async () => {
    const off = h.events.on('registration.created', () => {
      throw new Error('a reaction failed');
    });
    try {
      const token = await h.login({ email: 'refused@example.org', conferenceId: cid });
      const before = await counts();
      const res = await register(token);
      expect(res.body).toMatchObject({ code: 500, message: 'commonMsg.serverError' });
      expect(await counts()).toEqual(before);
    } finally {
      off();
    }
  });

  test('created and deleted carry the registrant; the attendee role follows them', async () => {
    const created: Array<EventMap['registration.created']> = [];
    const deleted: Array<EventMap['registrant.deleted']> = [];
    const offs = [
      h.events.on('registration.created', (_tx, p) => void created.push(p)),
      h.events.on('registrant.deleted', (_tx, p) => void deleted.push(p)),
    ];
    try {
      const token = await h.login({ email: 'evented@example.org', conferenceId: cid });
      expect((await register(token)).body.code).toBe(200);
      const row = await h.db('registrants').where({ conference_id: cid, email: 'evented@example.org' }).first();
      const expected = { conferenceId: cid, registrantId: Number(row!.id), userId: Number(row!.user_id) };
      expect(created).toEqual([expected]);
      const roles = () => h.db('conference_roles').where({ conference_id: cid, user_id: row!.user_id }).pluck('role');
      expect(await roles()).toEqual(['attendee']);
      const manager = await h.login({ email: 'ev-manager@example.org', conferenceId: cid, roles: ['manager'] });
      expect(
        (await call(h, host, 'delete', `/conference/conferenceUser/?id=${row!.id}`, { token: manager })).body.code,
      ).toBe(200);
      expect(deleted).toEqual([expected]);
      expect(await roles()).toEqual([]);
    } finally {
      for (const off of offs) off();
    }
  });
});
