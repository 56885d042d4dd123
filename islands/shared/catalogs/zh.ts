/**
 * Every catalog of the Chinese interface, one chunk: a page loads only its own language's
 * (islands/shared/i18n.ts). Every namespace of public/locales/zh/ by its file's name: a new
 * namespace is a new pair of files there, with no list to edit. Browser only (and tests): the
 * server reads the same files itself (server/platform/i18n.ts).
 */
const files = import.meta.glob<object>('../../../public/locales/zh/*.json', { eager: true, import: 'default' });

export default Object.fromEntries(
  Object.entries(files).map(([file, catalog]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), catalog]),
) as Record<string, object>;
