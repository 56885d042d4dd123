/** A conference with registration, fees and bank transfer set up, and its people, for the order tests. */
import request from 'supertest';
import type { Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { toDbInstant, insertId } from '../../../server/db/dialect';
import { defaultRules } from '../../../server/contract/registrationRules';

export function call(
  h: Harness,
  host: string,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  opts: { token?: string; body?: object; lang?: 'zh' | 'en' } = {},
) {
  const req = request(h.app)[method](`/api${path}`).set('Host', host).set('Origin', `http://${host}`);
  const cookies = [opts.token ? `token=${opts.token}` : '', opts.lang ? `locale=${opts.lang}` : ''].filter(Boolean);
  if (cookies.length) req.set('Cookie', cookies.join('; '));
  return opts.body ? req.send(opts.body) : req;
}

export async function feeConference(h: Harness, slug: string): Promise<{ cid: number; host: string }> {
  const host = `${slug}.localhost`;
  const cid = await h.provision(contractSite({ slug, domains: [host] }));
  await openRegistration(h.db, cid, { registerFlag: false, registerNum: 0, costsSet: true });
  await setForm(h.db, cid, 'default', defaultRules());
  return { cid, host };
}

let userSeq = 0;
/** A registered attendee (a registrant row with a country) and their token. */
export async function attendee(h: Harness, cid: number, country = 'China'): Promise<{ token: string; userId: number }> {
  const n = ++userSeq;
  const email = `att${n}-${cid}@example.org`;
  const token = await h.login({ email, conferenceId: cid, roles: ['attendee'] });
  const user = await h.db('users').where({ email }).first();
  const now = toDbInstant();
  await h.db('registrants').insert({
    conference_id: cid,
    user_id: user!.id,
    version: 'default',
    seq: n,
    code: `T${n}`,
    email,
    country,
    answers: '{}',
    created_at: now,
    updated_at: now,
  });
  return { token, userId: Number(user!.id) };
}

export type FeeRow = {
  kind?: 'register' | 'optional';
  price?: number;
  currency?: string;
  maxTotal?: number;
  maxPerAccount?: number;
  userScope?: 'all' | 'developing';
  langScope?: 'all' | 'zh' | 'en';
  invitationCode?: string;
  openDate?: string;
  deadline?: string;
  open?: boolean;
};

export async function addFee(h: Harness, cid: number, f: FeeRow = {}): Promise<number> {
  const now = toDbInstant();
  return insertId(
    h.db('fee_items').insert({
      conference_id: cid,
      kind: f.kind ?? 'register',
      category: 'Regular',
      title_zh: '注册费',
      title_en: 'Registration fee',
      description_zh: '说明',
      description_en: 'About',
      price_amount: f.price ?? 100_000,
      currency: f.currency ?? 'CNY',
      display_currency: f.currency ?? 'CNY',
      display_price_amount: f.price ?? 100_000,
      open_date: f.openDate ?? '2020-01-01',
      deadline: f.deadline ?? '2099-12-31',
      open: f.open ?? true,
      user_scope: f.userScope ?? 'all',
      lang_scope: f.langScope ?? 'all',
      invitation_code: f.invitationCode ?? '',
      max_total: f.maxTotal ?? 1000,
      max_per_account: f.maxPerAccount ?? 1,
      price_version: 0,
      sort: 0,
      created_at: now,
      updated_at: now,
    }),
  );
}

/** Payment by bank transfer (and postal remittance) in the general plan, combined payment as asked. */
export async function enableBankRemit(h: Harness, cid: number, opts: { combined: boolean }): Promise<void> {
  await h.payments.save(cid, {
    generalMethods: ['bankRemit', 'postalRemit'],
    hotelSeparate: false,
    hotelMethods: [],
    combinedAllowed: opts.combined,
    methods: [
      {
        method: 'bankRemit',
        titleZh: '银行汇款',
        titleEn: 'Bank transfer',
        noteZh: '汇款时请在附言中写明识别码',
        noteEn: 'Write the reference on the transfer',
        fields: { accountName: 'Conference Org Ltd', account: '6222 0000 1111 2222', bankName: 'Bank of Somewhere' },
      },
      {
        method: 'postalRemit',
        titleZh: '邮局汇款',
        titleEn: 'Postal remittance',
        noteZh: '',
        noteEn: '',
        fields: { payeeName: '会务组', address: '北京市海淀区中关村南四街4号', postCode: '100190' },
      },
    ],
  });
}
