/**
 * A public page from page row to finished document: nest the layers, fill the contract, render
 * the islands, and put the runtime with its data first in <head> (spec 2.4, all steps).
 */
import fs from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { ROOT_DIR } from '../../paths';
import type { Lang } from '../../contract/enums';
import { LANGUAGE_TYPE } from '../../contract/enums';
import type { Identity } from '../../platform/identity';
import { visibilityOf } from '../../platform/keptPages';
import { langSwitchProps, userMenuProps } from '../../platform/shell/userMenu';
import { escapeHtml, jsonForHtml } from '../../platform/html';
import { cutAtSlots, fillSlots, SLOTS, type SlotName, type Visibility } from '../../platform/pageCache';
import { t } from '../../platform/i18n';
import type { TokenClaims } from '../../platform/session';
import { renderIsland } from '../../../renderer/islands.server';
import { nestLayers } from './compose';
import { fillContract, type ViewerState } from './contract';
import { templateReadyConfig } from './presenter';
import { addSearchTags, languageVersions } from './seo';
import { textIn } from '../../contract/bilingual';
import type { MenuNode, PageChain, SiteSnapshot } from './types';

// Minified once per process: it is inlined into every public page.
const runtimeSource = transformSync(fs.readFileSync(path.join(ROOT_DIR, 'templates/runtime/site-runtime.js'), 'utf8'), {
  minify: true,
  target: 'es2017',
}).code.trim();

export type PublicPageInput = {
  site: SiteSnapshot;
  chain: PageChain;
  menu: MenuNode[];
  lang: Lang;
  origin: string;
  currentPath: string;
  /** the page requested (the desktop id, even when its mobile variant is shown) */
  pageId: number;
  identity: Identity | null;
  /** stylesheets an app page inside the site needs (antd islands) */
  stylesheets?: string[];
  /** a message shown above the page, e.g. after a failed sign-in */
  notice?: string;
  /** the conference's outside address: given for a page with an address of its own, it gets the search-engine tags */
  publicOrigin?: string;
};

/**
 * The person's own values for a shared page's slots, each escaped for where its slot stands:
 * the name as text, the menus as the islands' HTML, userInfo as JSON inside a script.
 */
export function personalSlots(identity: Identity | null, lang: Lang): Partial<Record<SlotName, string>> {
  if (!identity) return {};
  const menuProps = userMenuProps(lang, identity, 'conference');
  const userInfo: TokenClaims = {
    id: identity.user.id,
    trueName: identity.user.trueName,
    umtId: identity.user.umtId,
    cstnetId: identity.user.cstnetId ?? identity.user.email,
  };
  return {
    userName: escapeHtml(identity.user.trueName || identity.user.email || ''),
    userMenu: renderIsland('UserMenu', menuProps),
    mobileUserMenu: renderIsland('UserMenu', menuProps, 'user-menu-mobile'),
    userInfo: jsonForHtml(userInfo),
  };
}

/**
 * personalSlots as bytes ready to send, kept with the identity they came from: a remembered
 * session's identity (platform/sessionCache.ts) is one frozen object shared by its requests, and
 * goes (with these) when the session cache drops it.
 */
const slotsByIdentity = new WeakMap<Identity, Map<Lang, Partial<Record<SlotName, Buffer>>>>();

export function personalSlotsOf(identity: Identity | null, lang: Lang): Partial<Record<SlotName, Buffer>> {
  if (!identity) return {};
  let byLang = slotsByIdentity.get(identity);
  if (!byLang) slotsByIdentity.set(identity, (byLang = new Map()));
  let slots = byLang.get(lang);
  if (!slots) {
    slots = Object.fromEntries(
      Object.entries(personalSlots(identity, lang)).map(([slot, value]) => [slot, Buffer.from(value, 'utf8')]),
    );
    // Only a frozen identity is the cache's: a fresh one (a write request's) is not kept.
    if (Object.isFrozen(identity)) byLang.set(lang, slots);
  }
  return slots;
}

function needLoginHtml(lang: Lang, currentPath: string): string {
  const href = `/conferencelogin?redirect=${encodeURIComponent(currentPath)}`;
  return (
    `<div class="template-need-login"><p>${escapeHtml(t(lang, 'site.needLogin'))}</p>` +
    `<p><a class="template-need-login-link" href="${escapeHtml(href)}">${escapeHtml(t(lang, 'site.login'))}</a></p></div>`
  );
}

/** The conference's start year; this year while the conference has no dates yet. */
export function copyrightYear(startDate: string | null, now = new Date()): string {
  const year = /^(\d{4})-/.exec(startDate ?? '')?.[1];
  return year ?? String(now.getFullYear());
}

/** A public page for this person: the shared page with their values in its slots. */
export function renderPublicPage(input: PublicPageInput): string {
  const shared = renderSharedPublicPage({ ...input, visibility: visibilityOf(input.identity) });
  return fillSlots(cutAtSlots(shared), personalSlots(input.identity, input.lang));
}

/**
 * The page as everyone in the same visibility state sees it: no person's data, only slots where
 * it goes (the name, the user menus, userInfo), so that it can be rendered once and reused.
 */
export function renderSharedPublicPage(input: Omit<PublicPageInput, 'identity'> & { visibility: Visibility }): string {
  const { site, chain, lang, visibility } = input;
  const config = site.config;
  const viewer: ViewerState = { ...visibility, userName: visibility.loggedIn ? SLOTS.userName : '' };
  const needsLogin = Boolean(chain.page.need_to_login) && !viewer.loggedIn;
  const $ = nestLayers({
    chain,
    lang,
    pageHtml: needsLogin ? needLoginHtml(lang, input.currentPath) : chain.page.html,
  });

  fillContract($, {
    lang,
    bilingual: config.languageType === LANGUAGE_TYPE.bilingual,
    conferenceName: textIn(config.conferenceName, lang),
    firstTitle: textIn(config.firstTitle, lang),
    secondTitle: textIn(config.secondTitle, lang),
    thirdTitle: textIn(config.thirdTitle, lang),
    shortTitle: textIn(config.shortTitle, lang),
    pageName: chain.page.name,
    websiteRecordNumber: config.websiteRecordNumber,
    copyrightYear: copyrightYear(config.startDate),
    banner: config.banner,
    menu: input.menu,
    currentPath: input.currentPath,
    currentPageId: input.pageId,
    viewer,
    registerOpen: site.modules.register !== false,
    registerLabel: textIn(config.registerLabel, lang) || t(lang, 'site.register'),
    islands: {
      userMenu: viewer.loggedIn ? SLOTS.userMenu : '',
      mobileUserMenu: viewer.loggedIn ? SLOTS.mobileUserMenu : '',
      langSwitch: renderIsland(
        'LangSwitch',
        langSwitchProps(lang, languageVersions(site, chain.page, input.pageId), viewer.loggedIn),
      ),
    },
  });

  if (input.publicOrigin) addSearchTags($, { site, chain, lang, pageId: input.pageId, origin: input.publicOrigin });

  // userInfo (personalSlots) from the account as loaded now, so a renamed user shows the new name at once.
  const config_ = templateReadyConfig(site, lang, input.origin, null);
  // texts: what the runtime itself may have to say (its logout-failure toast), in the page's language
  const data = {
    config: viewer.loggedIn ? { ...config_, userInfo: SLOTS.userInfo } : config_,
    menu: input.menu,
    texts: { logoutFailed: t(lang, 'userMenu.logoutFailed') },
  };
  $('head').prepend(
    `<script type="application/json" id="conference-site-data">${jsonForHtml(data)}</script><script>${runtimeSource}</script>`,
  );
  for (const href of input.stylesheets ?? []) $('head').append($('<link rel="stylesheet">').attr('href', href));
  if (input.notice) {
    // Styled inline: templates know nothing of it.
    $('body').prepend(
      $('<div role="alert" class="template-site-notice"></div>')
        .attr(
          'style',
          'background:#fef2f2;color:#b91c1c;border-bottom:1px solid #fecaca;padding:10px 16px;text-align:center;font-size:14px',
        )
        .text(input.notice),
    );
  }
  $('head meta[charset]').remove();
  $('head').prepend('<meta charset="utf-8">');
  return $.html();
}
