/**
 * A demo conference with the rows its management tables show (issue 32): fee items, orders of
 * people with long Chinese and English names, paid ones with invoice requests, hotel bookings and
 * reviewers, made through the API as the people themselves would (only the people, their roles and
 * registrations are written to the database). The tables' layout and the accessibility audit are
 * checked on screens that have something in them.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createDb, type Db } from '../../server/db/index';
import { toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import { Sessions } from '../../server/platform/session';
import type { RunningServer } from './server';
import { startStage, type Stage } from './browser';

export const MANAGER = { email: 'table-manager@example.org', name: '表格经理' };
export const REVIEWER = { email: 'table-reviewer@example.org', name: 'Reviewer Rosalind' };
export const ATTENDEE = { email: 'ouyang.konstantinopoulou@example.org' };

/** Names that squeeze a column: a long English name, a four-character Chinese one, long addresses. */
const PEOPLE = [
  { email: ATTENDEE.email, name: 'Alexandra Konstantinopoulou-Whitfield' },
  { email: 'zhang.wei@example.org', name: '欧阳娜娜' },
  { email: 'li.na.very.long.address@institute-of-computing.example.org', name: '李娜' },
  { email: 'bob@example.org', name: 'Bob Smith' },
  { email: 'wang.fang@example.org', name: '王芳' },
];

type Answer = { status: number; json: () => { code: number; message: string; data: unknown } };

export class ManageFixture {
  readonly tokens = new Map<string, string>();
  db!: Db;
  cid = 0;

  constructor(private readonly server: RunningServer) {}

  ask(method: string, urlPath: string, token: string | undefined, body?: unknown): Promise<Answer> {
    const host = `demo.localhost:${this.server.port}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { host };
    if (token) headers.cookie = `token=${token}`;
    if (payload !== undefined)
      Object.assign(headers, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(payload)),
        origin: `http://${host}`,
      });
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.server.port, method, path: `/api${urlPath}`, headers, agent: false },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  private async ok(method: string, urlPath: string, token: string | undefined, body?: unknown): Promise<unknown> {
    const res = await this.ask(method, urlPath, token, body);
    const json = res.json();
    if (res.status >= 400) throw new Error(`${method} ${urlPath}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  private async person(
    email: string,
    name: string,
    roles: Array<'attendee' | 'manager' | 'reviewer'>,
    seq: number,
  ): Promise<string> {
    const { id } = await ensureUser(this.db, { email, trueName: name, password: 'table-password-1' });
    for (const role of roles) await grantRole(this.db, this.cid, id, role);
    if (roles.includes('attendee')) {
      const now = toDbInstant();
      await this.db('registrants').insert({
        conference_id: this.cid,
        user_id: id,
        version: 'default',
        seq,
        code: `TB-${seq}`,
        email,
        full_name: name,
        unit: '中国科学院计算技术研究所',
        phone: '13800138000',
        country: 'China',
        answers: '{}',
        created_at: now,
        updated_at: now,
      });
    }
    const secret = fs.readFileSync(path.join(this.server.dataDir, 'secret'), 'utf8').trim();
    const { token } = await new Sessions(this.db, secret).issue(
      { id, trueName: name, umtId: null, cstnetId: email },
      this.cid,
    );
    this.tokens.set(email, token);
    return token;
  }

  async seed(): Promise<void> {
    this.db = createDb({ dataDir: this.server.dataDir });
    this.cid = Number((await this.db('conferences').where({ slug: 'demo' }).first())!.id);
    await this.db('registration_settings').where({ conference_id: this.cid }).update({ costs_set: true });
    const manager = await this.person(MANAGER.email, MANAGER.name, ['manager'], 0);
    await this.person(REVIEWER.email, REVIEWER.name, ['reviewer'], 0);

    const fee = (
      kind: 'register' | 'optional',
      [categoryZh, categoryEn]: [string, string],
      zh: string,
      en: string,
      price: string,
    ) => ({
      kind,
      categoryZh,
      categoryEn,
      titleZh: zh,
      titleEn: en,
      descriptionZh: `${zh}说明`,
      descriptionEn: `About the ${en.toLowerCase()}`,
      currency: 'CNY',
      price,
      displayCurrency: 'USD',
      displayPrice: '210.00',
      openDate: '2020-01-01',
      deadline: '2099-12-31',
      open: true,
      userScope: 'all',
      langScope: 'all',
      invitationCode: '',
      maxTotal: 500,
      maxPerAccount: 2,
      confirm: false,
    });
    const fees = [
      fee(
        'register',
        ['正式代表', 'Delegate'],
        '正式代表注册费（含会议资料与午餐）',
        'Full registration (proceedings and lunches included)',
        '1500.00',
      ),
      fee('register', ['学生', 'Student'], '学生注册费', 'Student registration', '800.00'),
      fee('optional', ['晚宴', 'Banquet'], '欢迎晚宴', 'Welcome banquet', '300.00'),
    ];
    for (const f of fees) await this.ok('POST', '/conference/platform/manage/fee', manager, f);
    const first = async (kind: string) =>
      ((await this.ok('GET', `/conference/platform/manage/fee?kind=${kind}`, manager)) as Array<{ id: number }>)[0].id;
    const registerFee = await first('register');
    const optionalFee = await first('optional');

    const rooms = (await this.db('hotel_rooms').where({ conference_id: this.cid }).orderBy('id')) as Array<{
      id: number;
      check_in_start: string;
    }>;
    for (const [i, p] of PEOPLE.entries()) {
      const token = await this.person(p.email, p.name, ['attendee'], 7000 + i);
      const { orderIds } = (await this.ok('POST', '/conference/order/fee', token, {
        picks: [
          { feeId: registerFee, quantity: 1 },
          { feeId: optionalFee, quantity: 1 },
        ],
      })) as { orderIds: number[] };
      if (i < 3) {
        // Paid by the manager's deal; the first two ask for an invoice.
        await this.ok('POST', `/conference/platform/manage/order/${orderIds[0]}/deal`, manager, {
          status: 'paid',
          actualPay: '1500.00',
          remark: '',
        });
        if (i < 2) await this.invoice(token, orderIds[0], p.name);
      }
      const room = rooms[i % rooms.length];
      if (room) {
        const checkIn = String(room.check_in_start).slice(0, 10);
        const checkOut = new Date(Date.parse(`${checkIn}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
        await this.ok('POST', '/conference/hotel/book', token, {
          roomId: room.id,
          quantity: 1,
          checkIn,
          checkOut,
          requirements: i === 0 ? 'A quiet room away from the lift, please; arriving late in the evening.' : '',
          email: p.email,
          name: p.name,
          unit: '中国科学院计算技术研究所',
          phone: '13800138000',
        });
      }
    }

    const reviewers = [
      {
        email: 'maximilian.oberschleissheimer@univ-example.de',
        fullName: 'Maximilian Oberschleißheimer',
        unit: 'Ludwig-Maximilians-Universität München, Institut für Informatik',
      },
      { email: 'sima.xiangru@example.cn', fullName: '司马相如', unit: '北京大学信息科学技术学院' },
      { email: REVIEWER.email, fullName: REVIEWER.name, unit: 'University of Cambridge' },
    ];
    for (const r of reviewers)
      await this.ok('POST', '/conference/platform/manage/review', manager, {
        ...r,
        phone: '',
        country: '',
        direction: '',
      });
  }

  /** An invoice request for a paid order: the amount and payment day as the order says. */
  private async invoice(token: string, orderId: number, name: string): Promise<void> {
    const order = (await this.db('orders').where({ id: orderId }).first())!;
    const paidAt = new Date(String(order.paid_at).replace(' ', 'T') + (String(order.paid_at).endsWith('Z') ? '' : 'Z'));
    const body = {
      type: 'ordinary',
      content: 'details',
      titleType: 'company',
      titleName: '中国科学院计算技术研究所（北京市海淀区科学院南路6号）',
      taxpayerId: '12100000400012345X'.replace('X', '9'),
      recipientName: name,
      phone: '13800138000',
      address: '北京市海淀区科学院南路6号 中国科学院计算技术研究所 1号楼 502 室',
      email: 'finance.office@ict.example.org',
      amount: '1500.00',
      paidDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(paidAt),
      attendees: [name],
      comment: '',
    };
    const res = await this.ask('POST', `/conference/order/receipt/${orderId}`, token, body);
    if (res.status >= 400) {
      // The conference's own time zone may not be Shanghai: the day in UTC then.
      await this.ok('POST', `/conference/order/receipt/${orderId}`, token, {
        ...body,
        paidDate: paidAt.toISOString().slice(0, 10),
      });
    }
  }

  async close(): Promise<void> {
    await this.db?.destroy();
  }
}

/** A browser file's stage on this fixture: the server, the fixture seeded (its database open for the tests), Chromium. */
export type ManageStage = Stage & { fixture: ManageFixture };

/** startStage with the fixture seeded; `stop` closes the fixture's database, then the stage. */
export async function startManageStage(): Promise<ManageStage> {
  let fixture: ManageFixture | undefined;
  try {
    const stage = await startStage(async ({ server }) => {
      fixture = new ManageFixture(server);
      await fixture.seed();
    });
    const seeded = fixture!;
    return {
      ...stage,
      fixture: seeded,
      async stop() {
        try {
          await seeded.close();
        } finally {
          await stage.stop();
        }
      },
    };
  } catch (error) {
    await fixture?.close();
    throw error;
  }
}
