/**
 * Fills the template contract of spec 2.4 (see docs/templates.md): titles, banner, menu, footer,
 * copyright year, logo, language switch, login/register/exit, user name, visibility marks, root class, title.
 * Pure: it reads only its input and changes only the document it is given.
 */
import type { CheerioAPI, Cheerio } from 'cheerio';
import type { AnyNode } from 'domhandler';
import type { Lang } from '../../contract/enums';
import type { MenuNode } from './types';

export type ViewerState = { loggedIn: boolean; attendee: boolean; staff: boolean; userName: string };

export type ContractInput = {
  lang: Lang;
  bilingual: boolean;
  conferenceName: string;
  firstTitle: string;
  secondTitle: string;
  thirdTitle: string;
  shortTitle: string;
  pageName: string;
  websiteRecordNumber: string;
  /** the year of the footer's copyright line: the conference's start year, else this year */
  copyrightYear: string;
  banner: string;
  menu: MenuNode[];
  currentPath: string;
  /** the desktop page being shown, for the menu's active mark */
  currentPageId: number;
  viewer: ViewerState;
  registerOpen: boolean;
  registerLabel: string;
  /** server-rendered islands, already wrapped in their data-island containers */
  islands: { userMenu: string; mobileUserMenu: string; langSwitch: string };
};

export const DEFAULT_BANNER = '/banner/default_banner.png';

/** Matches an id or a class of the same name: template authors use both. */
function all($: CheerioAPI, name: string): Cheerio<AnyNode> {
  return $(`#${name}, .${name}`);
}

function setTextOrRemoveWhenEmpty($: CheerioAPI, name: string, value: string): void {
  const el = all($, name);
  if (value) el.text(value);
  else el.remove();
}

/** Sets href on the element when it is a link, and on every link inside it. */
function setLinks(el: Cheerio<AnyNode>, href: string): void {
  el.filter('a').attr('href', href);
  el.find('a').attr('href', href);
}

function fillTitles($: CheerioAPI, input: ContractInput): void {
  all($, 'template-first-title-container').text(input.firstTitle);
  all($, 'template-second-title-container').text(input.secondTitle);
  all($, 'template-third-title-container').text(input.thirdTitle);
  all($, 'template-page-name-container').text(input.pageName);
  $('.t-logo, .t-m-logo').text(input.shortTitle);
  $('title').first().text(input.conferenceName);
}

/** Website banner, else the container's data-default-url, else the platform default. */
function fillBanner($: CheerioAPI, input: ContractInput): void {
  const fallback = all($, 'template-banner-container').first().attr('data-default-url');
  const url = input.banner || fallback || DEFAULT_BANNER;
  all($, 'template-banner').each((_, node) => {
    const el = $(node);
    if (node.type === 'tag' && node.name === 'img') el.attr('src', url);
    else el.css('background-image', `url("${url.replace(/["\\]/g, '')}")`);
  });
}

function isActive(node: MenuNode, pageId: number): boolean {
  return node.pageId === pageId || node.children.some((child) => isActive(child, pageId));
}

export function menuItemsHtml($: CheerioAPI, nodes: MenuNode[], currentPageId: number): string {
  return nodes
    .map((node) => {
      const li = $('<li class="template-menu-item"></li>');
      const a = $('<a></a>').attr('href', node.href);
      if (node.newWindow) a.attr({ target: '_blank', rel: 'noopener' });
      if (node.icon) a.append($('<i aria-hidden="true"></i>').attr('class', `template-menu-icon ${node.icon}`));
      a.append($('<span></span>').text(node.title));
      li.append(a);
      if (isActive(node, currentPageId)) li.addClass('active');
      if (node.children.length) {
        li.addClass('has-children');
        li.append(`<ul class="template-submenu">${menuItemsHtml($, node.children, currentPageId)}</ul>`);
      }
      return $.html(li);
    })
    .join('');
}

function fillMenu($: CheerioAPI, input: ContractInput): void {
  const items = menuItemsHtml($, input.menu, input.currentPageId);
  all($, 'template-menu').each((_, node) => {
    const el = $(node);
    if (node.type === 'tag' && (node.name === 'ul' || node.name === 'ol')) el.html(items);
    else el.html(`<ul class="template-menu-list">${items}</ul>`);
  });
}

function fillFooter($: CheerioAPI, input: ContractInput): void {
  setTextOrRemoveWhenEmpty($, 'template-conference-name-container', input.conferenceName);
  setTextOrRemoveWhenEmpty($, 'template-website-record-number-container', input.websiteRecordNumber);
  all($, 'template-copyright-year-container').text(input.copyrightYear);
}

function fillLanguageSwitch($: CheerioAPI, input: ContractInput): void {
  if (!input.bilingual) {
    all($, 'template-lang').remove();
    $('.t-lang-zh, .t-lang-en').remove();
    return;
  }
  all($, 'template-lang').each((_, node) => {
    const el = $(node);
    // A template may bring its own .t-lang-zh/.t-lang-en buttons; the runtime wires those.
    if (el.find('.t-lang-zh, .t-lang-en').length === 0) el.html(input.islands.langSwitch);
  });
  $(`.t-lang-${input.lang}`).addClass('active');
}

function fillAccountLinks($: CheerioAPI, input: ContractInput): void {
  const login = all($, 'template-login-container');
  const register = all($, 'template-register-container');
  if (!input.registerOpen) {
    // Module config register=false hides both the register and the login entries.
    login.remove();
    register.remove();
  } else {
    setLinks(login, `/conferencelogin?redirect=${encodeURIComponent(input.currentPath)}`);
    if (input.viewer.attendee) register.remove();
    else {
      setLinks(register, input.viewer.loggedIn ? '/conferenceRegister' : '/register');
      register.each((_, node) => {
        const el = $(node);
        const target = el.is('a') || el.find('a').length === 0 ? el : el.find('a').first();
        target.text(input.registerLabel);
      });
    }
  }
  const exit = all($, 'template-exit-container');
  setLinks(exit, '#logout');
  exit.filter('a').attr('data-action', 'logout');
  exit.find('a').attr('data-action', 'logout');
  all($, 'template-user-name-container').text(input.viewer.loggedIn ? input.viewer.userName : '');
  $('.t-dropdown-content').html(input.viewer.loggedIn ? input.islands.userMenu : '');
  $('.t-m-dropdown-content').html(input.viewer.loggedIn ? input.islands.mobileUserMenu : '');
}

/** Server-side visibility: the elements that do not apply are removed, so nothing flashes. */
function applyVisibilityMarks($: CheerioAPI, viewer: ViewerState): void {
  const marks: Array<[hide: string, display: string, state: boolean]> = [
    ['template-hide-after-login', 'template-display-after-login', viewer.loggedIn],
    ['template-hide-after-attend', 'template-display-after-attend', viewer.attendee],
    ['template-hide-is-admin', 'template-display-is-admin', viewer.staff],
  ];
  for (const [hide, display, state] of marks) all($, state ? hide : display).remove();
}

function markRoot($: CheerioAPI, lang: Lang): void {
  const cls = `template-lang-${lang}`;
  $('html').addClass(cls);
  all($, 'template-html-root').addClass(cls);
}

export function fillContract($: CheerioAPI, input: ContractInput): void {
  applyVisibilityMarks($, input.viewer);
  fillTitles($, input);
  fillBanner($, input);
  fillMenu($, input);
  fillFooter($, input);
  fillLanguageSwitch($, input);
  fillAccountLinks($, input);
  markRoot($, input.lang);
}
