/**
 * The part of i18next the islands use, in ~60 lines instead of i18next's ~20 KB gzipped on every
 * island page (issue 32): 'ns:key.path' lookups with `common` as the default namespace, the
 * language then Chinese as the fallback, {{name}} values (not escaped: React escapes), plurals by
 * `count` (key_one / key_other, by the language's plural rules), `defaultValue`, and `$t(ns:key)`
 * inside a text. test/islands/translate.test.ts checks it gives what i18next gives for every key of
 * every catalog; the server's own mails and pages keep i18next (server/platform/i18n.ts).
 */
export type Resources = Record<string, Record<string, Record<string, unknown>>>;
export type Options = Record<string, unknown>;

const FALLBACK = 'zh';
const DEFAULT_NS = 'common';
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralOf(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

function path(tree: unknown, keyPath: string): unknown {
  let node = tree;
  for (const part of keyPath.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The raw entry of a key in a language, by its plural form when a count is given. */
function entry(resources: Resources, lang: string, ns: string, keyPath: string, options: Options | undefined): unknown {
  const tree = resources[lang]?.[ns];
  if (tree === undefined) return undefined;
  if (typeof options?.count === 'number') {
    const plural = path(tree, `${keyPath}_${pluralOf(lang, options.count)}`);
    if (plural !== undefined) return plural;
  }
  return path(tree, keyPath);
}

/** {{name}} (or {{ a.b }}) from the options; a name the options do not carry stays as written. */
function interpolate(text: string, options: Options | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (whole, name: string) => {
    const [first] = name.split('.');
    if (!(first in options)) return whole;
    const value = name.includes('.') ? path(options, name) : options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export function translate(resources: Resources, lang: string, key: string, options?: Options): string {
  const colon = key.indexOf(':');
  const ns = colon > 0 ? key.slice(0, colon) : DEFAULT_NS;
  const keyPath = colon > 0 ? key.slice(colon + 1) : key;
  let found = entry(resources, lang, ns, keyPath, options);
  if (found === undefined && lang !== FALLBACK) found = entry(resources, FALLBACK, ns, keyPath, options);
  // i18next's words, naming the language it was set up with.
  if (typeof found === 'object' && found !== null)
    return `key '${keyPath} (${FALLBACK})' returned an object instead of string.`;
  if (found === undefined)
    return options && typeof options.defaultValue === 'string' ? interpolate(options.defaultValue, options) : keyPath;
  const text = interpolate(String(found), options);
  return text.includes('$t(')
    ? text.replace(/\$t\(([^)]+)\)/g, (_whole, nested: string) => translate(resources, lang, nested, options))
    : text;
}
