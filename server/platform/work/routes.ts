/**
 * The work's own calls (contract/work.ts): its progress, its file, the conference's recent work.
 * For the conference's managers: what an export holds they may read anyway.
 */
import { Router } from 'express';
import { workApi } from '../../contract/work';
import { access, conferenceOf } from '../access';
import { sendAttachment } from '../download';
import { route, SENT } from '../route';
import type { WorkService } from './service';

export function workRouter(work: WorkService): Router {
  const router = Router();
  route(router, workApi.mine, access('manager'), async (_input, req) => work.recent(conferenceOf(req)));
  route(router, workApi.view, access('manager'), async ({ params: { id } }, req) => work.view(conferenceOf(req), id));
  route(router, workApi.file, access('manager'), async ({ params: { id } }, req, res) => {
    const file = await work.file(conferenceOf(req), id);
    sendAttachment(res, file.name, file.contentType, file.bytes);
    return SENT;
  });
  return router;
}
