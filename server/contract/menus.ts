/**
 * The menu editor's calls (docs/site-management/menus.md): input schemas and answer shapes,
 * shared by the server and the ManageMenus island. No Node imports here.
 */
import { z } from 'zod';
import { LANGS, type Lang } from './enums';

/** Icon classes the built-in exteriors draw (templates/exteriors/*: common.css). */
export const BUILT_IN_ICONS = [
  'icon-home',
  'icon-info',
  'icon-calendar',
  'icon-file',
  'icon-hotel',
  'icon-mail',
  'icon-link',
] as const;

/** One CSS class name: letters, digits, '-' and '_', not starting with a digit (or '-' + digit). */
export const ICON_CLASS_PATTERN = /^-?[A-Za-z_][A-Za-z0-9_-]*$/;

export const MENU_TITLE_MAX = 100;
export const MENU_ICON_MAX = 200;
export const MENU_HREF_MAX = 1000;

/** Space-separated class names, normalised to single spaces. */
export function normaliseIcon(value: string): string {
  return value.trim().split(/\s+/).filter(Boolean).join(' ');
}

export function isValidIcon(value: string): boolean {
  const icon = normaliseIcon(value);
  return icon.length <= MENU_ICON_MAX && (icon === '' || icon.split(' ').every((c) => ICON_CLASS_PATTERN.test(c)));
}

const id = (message: string) =>
  z
    .number({ message })
    .int(message)
    .positive(message)
    .max(2 ** 31 - 1, message);
const nullableId = (message: string) => z.preprocess((v) => (v === undefined ? null : v), id(message).nullable());

export const menuLangQuery = z.object({ lang: z.enum(LANGS, { message: 'manageMenus:langInvalid' }) });

/** Create (no id) or update one item. */
export const menuSaveInput = z.object({
  id: id('commonMsg.notFound').optional(),
  lang: z.enum(LANGS, { message: 'manageMenus:langInvalid' }),
  /** null: top level; absent: unchanged on update, top level on create. */
  parentId: id('manageMenus:parentNotFound').nullable().optional(),
  title: z
    .string({ message: 'manageMenus:titleRequired' })
    .trim()
    .min(1, 'manageMenus:titleRequired')
    .max(MENU_TITLE_MAX, 'manageMenus:titleTooLong'),
  icon: z
    .preprocess((v) => v ?? '', z.string({ message: 'manageMenus:iconInvalid' }))
    .refine(isValidIcon, 'manageMenus:iconInvalid')
    .transform(normaliseIcon),
  newWindow: z.boolean({ message: 'commonMsg.invalidInput' }).optional().default(false),
  pageId: nullableId('manageMenus:pageNotFound'),
  href: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z.string({ message: 'manageMenus:hrefUnsafe' }).max(MENU_HREF_MAX, 'manageMenus:hrefTooLong').nullable(),
  ),
  /** Optional: unchanged on update when absent; a new item is unpublished unless it says so. */
  published: z.boolean({ message: 'commonMsg.invalidInput' }).optional(),
});
export type MenuSaveInput = z.infer<typeof menuSaveInput>;

/** Reorder or reparent: the item goes to `index` among the children of `parentId` (null: top level). */
export const menuMoveInput = z.object({
  id: id('commonMsg.notFound'),
  parentId: nullableId('manageMenus:parentNotFound'),
  index: z
    .number({ message: 'commonMsg.invalidInput' })
    .int('commonMsg.invalidInput')
    .min(0, 'commonMsg.invalidInput')
    .max(100_000, 'commonMsg.invalidInput'),
});
export type MenuMoveInput = z.infer<typeof menuMoveInput>;

const idList = (emptyMessage: string) =>
  z
    .array(id('commonMsg.notFound'), { message: emptyMessage })
    .min(1, emptyMessage)
    .max(1000, 'commonMsg.invalidInput')
    .transform((ids) => [...new Set(ids)]);

export const menuPublishInput = z.object({
  ids: idList('manageMenus:selectItems'),
  published: z.boolean({ message: 'commonMsg.invalidInput' }),
});

export const menuDeleteInput = z.object({ ids: idList('manageMenus:selectToDelete') });

/** An item as the editor sees it: published or not, with what its link points at. */
export type MenuEditNode = {
  id: number;
  parentId: number | null;
  title: string;
  icon: string;
  sort: number;
  newWindow: boolean;
  pageId: number | null;
  /** the linked page's name, or null when the page no longer exists */
  pageName: string | null;
  href: string | null;
  published: boolean;
  children: MenuEditNode[];
};

/** A page a menu item can link to. */
export type MenuPageOption = { id: number; name: string; lang: Lang | null };
