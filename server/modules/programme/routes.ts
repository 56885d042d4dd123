/**
 * The programme editor's API (server/contract/programmeEditorApi.ts `programmeManageApi`) and its screen,
 * /platform/manage/programme, for the conference's managers. Thin: the endpoint parses, the guard
 * decides who, the editor does the rule. A save over a newer version answers 409 with the item as
 * it now is and who saved it; a release refused answers 409 with the conflicts that remain.
 */
import { Router, type Request, type Response } from 'express';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { conferenceOrigin, publicOrigin } from '../../platform/publicUrl';
import { route, SENT, type Sent } from '../../platform/route';
import { PROGRAMME_SCREENS } from '../../contract/programme';
import { programmeManageApi as api } from '../../contract/programmeEditorApi';
import type { EditorContext } from './editor';
import { ConflictsRemain } from './publish';
import { StaleItem } from './saveChecks';
import type { ProgrammeEditor } from './service';
import { daysBetween } from './time';
import { identityOf, siteOf, timeZoneOf } from '../../platform/context';

export function editorContext(deps: Pick<Deps, 'config'>, req: Request): EditorContext {
  const site = siteOf(req)!;
  return {
    conferenceId: conferenceOf(req),
    userId: identityOf(req)?.user.id ?? 0,
    lang: req.ctx.lang,
    timeZone: timeZoneOf(req),
    days: daysBetween(site.config.startDate, site.config.endDate),
    siteName: site.config.conferenceName,
    siteUrl: conferenceOrigin(deps.config, site) || publicOrigin(deps.config, req.hostname),
  };
}

/** The two refusals that carry data: the item as it now is, or the conflicts that remain. */
async function answering<T>(req: Request, res: Response, work: () => Promise<T>): Promise<T | Sent> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof StaleItem) {
      res.status(409).json({ code: 409, message: err.messageKey, data: { current: err.current, by: err.by } });
      return SENT;
    }
    if (err instanceof ConflictsRemain) {
      res.status(409).json({
        code: 409,
        message: err.messageKey,
        params: err.params,
        data: err.conflicts,
        text: t(req.ctx.lang, err.messageKey, err.params),
      });
      return SENT;
    }
    throw err;
  }
}

export function programmeManageApiRouter(deps: Deps, editor: ProgrammeEditor): Router {
  const router = Router();
  const ctx = (req: Request) => editorContext(deps, req);
  const manager = access('manager');
  route(router, api.state, manager, async (_i, req) => editor.state(ctx(req)));
  route(router, api.conflicts, manager, async (_i, req) => editor.conflicts(ctx(req)));
  route(router, api.settings, manager, async ({ body }, req) => editor.saveSettings(conferenceOf(req), body));
  route(router, api.addRoom, manager, async ({ body }, req) => editor.addRoom(conferenceOf(req), body));
  route(router, api.saveRoom, manager, async ({ params, body }, req) =>
    editor.saveRoom(conferenceOf(req), params.id, body),
  );
  route(router, api.removeRoom, manager, async ({ params }, req) => editor.removeRoom(conferenceOf(req), params.id));
  route(router, api.addItem, manager, async ({ body }, req, res) =>
    answering(req, res, () => editor.addItem(ctx(req), body)),
  );
  route(router, api.saveItem, manager, async ({ params, body }, req, res) =>
    answering(req, res, () => editor.saveItem(ctx(req), params.id, body)),
  );
  route(router, api.place, manager, async ({ params, body }, req, res) =>
    answering(req, res, () => editor.place(ctx(req), params.id, body)),
  );
  route(router, api.nest, manager, async ({ params, body }, req, res) =>
    answering(req, res, () => editor.nest(ctx(req), params.id, body)),
  );
  route(router, api.removeItem, manager, async ({ params, query }, req, res) =>
    answering(req, res, () => editor.removeItem(ctx(req), params.id, query.revision)),
  );
  route(router, api.releases, manager, async (_i, req) => editor.releases(conferenceOf(req)));
  route(router, api.release, manager, async ({ body }, req, res) =>
    answering(req, res, () => editor.release(ctx(req), body.note, body.draftRevision)),
  );
  return router;
}

export function programmeManagePageRouter(deps: Deps, editor: ProgrammeEditor): Router {
  const router = Router();
  router.get(PROGRAMME_SCREENS.manage, screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const state = await editor.state(editorContext(deps, req));
    await deps.shell.manageScreen(req, res, {
      title: t(lang, 'programmeManage:title'),
      island: { island: 'ManageProgramme', props: { lang, mobile, state } },
    });
  });
  return router;
}
