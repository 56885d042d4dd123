/**
 * The `callback()` declaration of gateway notifications: conference hosts only, and whatever
 * session a cookie selected is set aside before the handler runs.
 */
import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { callback } from '../../../server/platform/access';
import type { RequestContext } from '../../../server/platform/context';

function appWith(ctx: Partial<RequestContext>) {
  const app = express();
  app.use((req, _res, next) => {
    req.ctx = {
      host: 'x',
      conferenceId: null,
      site: null,
      lang: 'zh',
      mobile: false,
      session: null,
      identity: null,
      ...ctx,
    };
    next();
  });
  app.post('/payment/notify/:method/:attemptNo', callback(), (req, res) => {
    res.json({ identity: req.ctx.identity, session: req.ctx.session });
  });
  return app;
}

const someone = { user: { id: 7 }, roles: ['manager'], superAdmin: true } as unknown as RequestContext['identity'];
const session = { sessionId: 's', claims: { id: 7 }, expiresAt: 0 } as unknown as RequestContext['session'];

test('on a conference host the handler runs without the session a cookie selected', async () => {
  const res = await request(appWith({ conferenceId: 3, identity: someone, session }))
    .post('/payment/notify/alipay/A1')
    .send('x=1');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ identity: null, session: null });
});

test('on the platform host the route does not exist', async () => {
  const res = await request(appWith({ conferenceId: null, identity: someone, session }))
    .post('/payment/notify/alipay/A1')
    .send('x=1');
  expect(res.status).toBe(404);
});
