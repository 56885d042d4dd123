/**
 * The registration configuration calls of spec 7 ("Registration configuration"): the basic
 * tab, and the form's versions, items, options and countries. Managers only, except reading a
 * version's form, which the public registration page needs.
 */
import { AppError } from '../../platform/errors';
import { Router } from 'express';
import { access, conferenceOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { route } from '../../platform/route';
import { DEFAULT_VERSION, registrationApi as api } from '../../contract/registration';
import * as forms from './forms';
import { saveSettings, settingsView } from './settings';
import { assertPublishedOrStaff } from './routes';

export function registrationConfigRouter({ db, sites }: Deps): Router {
  const router = Router();

  route(router, api.basic, access('manager'), async (_input, req) => settingsView(db, conferenceOf(req)));
  route(router, api.saveBasic, access('manager'), async ({ body }, req) =>
    saveSettings(db, sites, conferenceOf(req), body),
  );

  route(router, api.versions, access('manager'), async (_input, req) => forms.versions(db, conferenceOf(req)));

  // data.data is the form as a JSON string (spec 7); `rules` is the same, parsed. Public, so the
  // unpublished rule is checked before the query is read.
  route(router, api.rules, access('anonymous', 'conference'), async (input, req) => {
    assertPublishedOrStaff(req);
    const version = input.query.version || DEFAULT_VERSION;
    const rules = await forms.requireRules(db, conferenceOf(req), version);
    return { version, data: JSON.stringify(rules), rules };
  });

  route(router, api.saveRules, access('manager'), async ({ body }, req) => {
    // The form itself is checked by forms.saveRules with the contract's schema. Hiding or dropping
    // items registrants answered is said first (issue 18); the manager confirms, the answers stay.
    if (!body.confirmAnswered && body.rules && Array.isArray(body.rules.items)) {
      const hidden = await forms.answeredItemsHidden(db, conferenceOf(req), body.version, body.rules);
      if (hidden.titles.length)
        throw new AppError(409, 'registration:answeredItemsHidden', {
          field: 'items',
          params: { items: hidden.titles.join('、'), count: String(hidden.registrants) },
        });
    }
    await forms.saveRules(db, conferenceOf(req), body.version, body.rules);
    return forms.versions(db, conferenceOf(req));
  });

  route(router, api.copyRules, access('manager'), async ({ body }, req) => {
    await forms.copyVersion(db, conferenceOf(req), body.from, body.to);
    return forms.versions(db, conferenceOf(req));
  });

  route(router, api.deleteRules, access('manager'), async ({ query }, req) => {
    await forms.deleteVersion(db, conferenceOf(req), query.version);
    return forms.versions(db, conferenceOf(req));
  });

  route(router, api.options, access('manager'), async ({ query }, req) =>
    forms.optionsOf(db, conferenceOf(req), query.version, query.field),
  );

  route(router, api.saveOptions, access('manager'), async ({ body }, req) =>
    forms.changeOptions(db, conferenceOf(req), body.version, body.field, () => body.options),
  );

  route(router, api.saveCountries, access('manager'), async ({ body }, req) => {
    await forms.saveCountries(db, conferenceOf(req), body.version, body.countries);
    return body.countries;
  });

  // id = '<field>:<value>' names one option of the version's item.
  route(router, api.deleteOption, access('manager'), async ({ query }, req) => {
    const [field, ...rest] = query.id.split(':');
    const value = rest.join(':');
    return forms.changeOptions(db, conferenceOf(req), query.version, field, (options) =>
      options.filter((o) => o.value !== value),
    );
  });

  return router;
}
