/** Requests as a browser on a conference domain would make them, with cheerio on the answer. */
import request from 'supertest';
import * as cheerio from 'cheerio';
import type { RequestListener } from '../../server/app';

export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

export type Visit = { host: string; token?: string; lang?: 'zh' | 'en'; mobile?: boolean; cookie?: string };

export function visit(app: RequestListener, path: string, v: Visit) {
  const cookies = [v.token ? `token=${v.token}` : '', v.lang ? `locale=${v.lang}` : '', v.cookie ?? ''].filter(Boolean);
  const req = request(app)
    .get(path)
    .set('Host', v.host)
    .set('User-Agent', v.mobile ? PHONE_UA : DESKTOP_UA);
  return cookies.length ? req.set('Cookie', cookies.join('; ')) : req;
}

export async function page(app: RequestListener, path: string, v: Visit) {
  const res = await visit(app, path, v);
  return { res, $: cheerio.load(res.text) };
}
