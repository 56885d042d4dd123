/**
 * The work's own calls (contract/work.ts): its progress, its file, the conference's recent work.
 * For the conference's managers: what an export holds they may read anyway; a person's own work
 * (conference 0) for that person only.
 */
import { Router } from 'express';
import { workApi } from '../../contract/work';
import { access, conferenceOf, userOf } from '../access';
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
  // A person's own work (their data export), on the platform host: only the person who asked sees it.
  route(router, workApi.ownView, access('user', 'platform'), async ({ params: { id } }, req) =>
    work.viewOwn(userOf(req), id),
  );
  route(router, workApi.ownFile, access('user', 'platform'), async ({ params: { id } }, req, res) => {
    const file = await work.fileOwn(userOf(req), id);
    sendAttachment(res, file.name, file.contentType, file.bytes);
    return SENT;
  });
  return router;
}
