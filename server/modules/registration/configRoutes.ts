/**
 * The registration configuration calls of spec 7 ("Registration configuration"): the basic
 * tab, and the form's versions, items, options and countries. Managers only, except reading a
 * version's form, which the public registration page needs.
 */
import { Router } from 'express';
import { z } from 'zod';
import { access, conferenceOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { sendOk } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import { basicConfigSchema, DEFAULT_VERSION, versionCode, type FormOption, type FormRules } from '../../contract/registration';


import * as forms from './forms';
import { saveSettings, settingsView } from './settings';
import { assertPublishedOrStaff } from './routes';

const PREFIX = '/conference/conferenceRegUserConfig';
const BASIC = '/conference/admin/register/config/basic';

const versionQuery = z.object({ version: z.union([z.literal(''), versionCode]).optional() });
const fieldQuery = z.object({ version: versionCode.default(DEFAULT_VERSION), field: z.string().min(1).max(40) });
const option = z.object({
  value: z.string().trim().min(1, 'registration:optionValueRequired').max(100, 'registration:titleTooLong'),
  zh: z.string().trim().max(200, 'registration:titleTooLong'),
  en: z.string().trim().max(200, 'registration:titleTooLong'),
});


export function registrationConfigRouter({ db, sites }: Deps): Router {
  const router = Router();

  router.get(`${BASIC}/find`, access('manager'), async (req, res) => sendOk(res, await settingsView(db, conferenceOf(req))));
  router.post(`${BASIC}/save`, access('manager'), async (req, res) => {
    const input = parseInput(basicConfigSchema, req.body);
    sendOk(res, await saveSettings(db, sites, conferenceOf(req), input), 'registration:saved');
  });

  router.get(`${PREFIX}/getRuleVersion`, access('manager'), async (req, res) => sendOk(res, await forms.versions(db, conferenceOf(req))));

  // data.data is the form as a JSON string (spec 7); `rules` is the same, parsed.
  router.get(`${PREFIX}/getRuleByConference`, access('anonymous', 'conference'), async (req, res) => {
    assertPublishedOrStaff(req);
    const version = parseInput(versionQuery, req.query).version || DEFAULT_VERSION;
    const rules = await forms.requireRules(db, conferenceOf(req), version);
    sendOk(res, { version, data: JSON.stringify(rules), rules });
  });

  router.post(`${PREFIX}/saveRules`, access('manager'), async (req, res) => {
    // The form itself is checked by forms.saveRules with the contract's schema.
    const { version, rules } = parseInput(z.object({ version: versionCode, rules: z.unknown() }), req.body);
    await forms.saveRules(db, conferenceOf(req), version, rules as FormRules);
    sendOk(res, await forms.versions(db, conferenceOf(req)), 'registration:saved');
  });

  router.post(`${PREFIX}/copyRules`, access('manager'), async (req, res) => {
    const { from, to } = parseInput(z.object({ from: versionCode, to: versionCode }), req.body);
    await forms.copyVersion(db, conferenceOf(req), from, to);
    sendOk(res, await forms.versions(db, conferenceOf(req)), 'registration:saved');
  });

  router.delete(`${PREFIX}/deleteRules`, access('manager'), async (req, res) => {
    const { version } = parseInput(z.object({ version: versionCode }), req.query);
    await forms.deleteVersion(db, conferenceOf(req), version);
    sendOk(res, await forms.versions(db, conferenceOf(req)), 'registration:deleted');
  });

  router.get(`${PREFIX}/findByField`, access('manager'), async (req, res) => {
    const { version, field } = parseInput(fieldQuery, req.query);
    sendOk(res, await forms.optionsOf(db, conferenceOf(req), version, field));
  });

  router.post(`${PREFIX}/saveOptions`, access('manager'), async (req, res) => {
    const { version, field, options } = parseInput(z.object({ version: versionCode.default(DEFAULT_VERSION), field: z.string().max(40), options: z.array(option).max(200) }), req.body);
    sendOk(res, await forms.changeOptions(db, conferenceOf(req), version, field, () => options as FormOption[]), 'registration:saved');
  });

  router.post(`${PREFIX}/saveCountryOptions`, access('manager'), async (req, res) => {
    const { version, countries } = parseInput(z.object({ version: versionCode.default(DEFAULT_VERSION), countries: z.array(z.string().max(100)).max(300) }), req.body);
    await forms.saveCountries(db, conferenceOf(req), version, countries);
    sendOk(res, countries, 'registration:saved');
  });

  // id = '<field>:<value>' names one option of the version's item.
  router.delete(`${PREFIX}/deleteOptions`, access('manager'), async (req, res) => {
    const { version, id } = parseInput(z.object({ version: versionCode.default(DEFAULT_VERSION), id: z.string().regex(/^[A-Za-z0-9_]{1,40}:.{1,100}$/, 'commonMsg.invalidInput') }), req.query);
    const [field, ...rest] = id.split(':');
    const value = rest.join(':');
    sendOk(res, await forms.changeOptions(db, conferenceOf(req), version, field, (options) => options.filter((o) => o.value !== value)), 'registration:deleted');
  });

  return router;
}
