/** Calls of the registration API as the islands make them. */
import request from 'supertest';
import type { Harness } from '../../helpers/harness';
import { defaultRules } from '../../../server/contract/registrationRules';
import { type FormRules } from '../../../server/contract/registration';

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

/** A form with a custom item of each kind the tests need, the phone and country required. */
export function testForm(): FormRules {
  const rules = defaultRules();
  rules.items.find((i) => i.field === 'post')!.mode = 'optional';
  rules.items.push(
    {
      field: 'c_meal',
      custom: true,
      type: 'select',
      titleZh: '餐食',
      titleEn: 'Meal',
      mode: 'required',
      options: [
        { value: 'veg', zh: '素食', en: 'Vegetarian' },
        { value: 'any', zh: '不限', en: 'Any' },
      ],
    },
    {
      field: 'c_topics',
      custom: true,
      type: 'checkBox',
      titleZh: '议题',
      titleEn: 'Topics',
      mode: 'optional',
      options: [
        { value: 'ai', zh: '人工智能', en: 'AI' },
        { value: 'db', zh: '数据库', en: 'Databases' },
      ],
    },
    {
      field: 'c_note',
      custom: true,
      type: 'textarea',
      titleZh: '说明',
      titleEn: 'Note',
      mode: 'optional',
      options: [],
    },
    { field: 'c_cv', custom: true, type: 'file', titleZh: '简历', titleEn: 'CV', mode: 'optional', options: [] },
    {
      field: 'c_arrival',
      custom: true,
      type: 'date',
      titleZh: '到达日期',
      titleEn: 'Arrival',
      mode: 'optional',
      options: [],
    },
    {
      field: 'c_province',
      custom: true,
      type: 'city',
      titleZh: '省份',
      titleEn: 'Province',
      mode: 'optional',
      options: [],
    },
  );
  return rules;
}

export const goodAnswers = (extra: Record<string, string | string[]> = {}) => ({
  fullName: '张伟',
  tel: '13800138000',
  country: 'China',
  unit: 'Institute of Computing Technology',
  c_meal: 'veg',
  ...extra,
});

/** A tiny valid PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
