/**
 * Filling a mail template's `{{placeholder}}`s with Handlebars, in an environment of its own that
 * a manager's template cannot reach beyond: the values it is given, and if/unless/each/with.
 * No partials, no decorators, no log or lookup; a helper call is refused when the template is
 * compiled (knownHelpersOnly), and an unknown placeholder prints nothing (strict off). Values are
 * looked up on an object without a prototype, and Handlebars refuses prototype access anyway.
 */
import Handlebars from 'handlebars';

const ALLOWED_HELPERS = new Set(['if', 'unless', 'each', 'with']);

const hb = Handlebars.create();
for (const name of Object.keys(hb.helpers)) {
  // blockHelperMissing is the hook behind `{{#name}}…{{/name}}` sections, not a callable helper.
  if (!ALLOWED_HELPERS.has(name) && name !== 'blockHelperMissing') hb.unregisterHelper(name);
}
// Unreachable once knownHelpersOnly refuses helper calls; kept so a call could only print nothing.
hb.registerHelper('helperMissing', () => '');
// The built-in `inline` decorator defines partials inside a template.
hb.unregisterDecorator('inline');

const KNOWN_HELPERS = {
  if: true,
  unless: true,
  each: true,
  with: true,
  log: false,
  lookup: false,
  helperMissing: false,
} as const;
const COMPILE_OPTIONS = { knownHelpersOnly: true, knownHelpers: KNOWN_HELPERS, strict: false };

/** Why a template cannot be saved: a message key, or null when it may be. */
export type TemplateProblem = 'mail:templateSyntax' | 'mail:templateUnescaped';

/** What the parser accepts but this environment does not: partials, decorators, unescaped output. */
class Refusals extends Handlebars.Visitor {
  problem: TemplateProblem | null = null;
  override PartialStatement(): void {
    this.problem ??= 'mail:templateSyntax';
  }
  override PartialBlockStatement(): void {
    this.problem ??= 'mail:templateSyntax';
  }
  override Decorator(): void {
    this.problem ??= 'mail:templateSyntax';
  }
  override DecoratorBlock(): void {
    this.problem ??= 'mail:templateSyntax';
  }
  override MustacheStatement(mustache: hbs.AST.MustacheStatement): void {
    // `{{{x}}}` and `{{& x}}` print a value as HTML: a participant's name could then be markup.
    if (!mustache.escaped) this.problem ??= 'mail:templateUnescaped';
    super.MustacheStatement(mustache);
  }
}

type Filler = (vars: object) => string;

/** Compiled templates by source, least recently used first (a Map keeps insertion order). */
const cache = new Map<string, Filler>();
export const COMPILE_CACHE_SIZE = 500;

function compiled(source: string, escape: boolean): Filler {
  const key = `${escape ? 'html' : 'text'}\u0000${source}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const fill = hb.compile(source, { ...COMPILE_OPTIONS, noEscape: !escape });
  // compile() is lazy: a first run makes a broken template throw here, before it is cached.
  fill(Object.create(null));
  cache.set(key, fill);
  if (cache.size > COMPILE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return fill;
}

/** The first reason this template may not be saved, or null. */
export function templateProblem(source: string): TemplateProblem | null {
  let ast: hbs.AST.Program;
  try {
    ast = hb.parse(source);
  } catch {
    return 'mail:templateSyntax';
  }
  const refusals = new Refusals();
  refusals.accept(ast);
  if (refusals.problem) return refusals.problem;
  try {
    compiled(source, true);
    return null;
  } catch {
    return 'mail:templateSyntax';
  }
}

/**
 * The template with its placeholders filled: HTML-escaped values for a body (`escape`), as they
 * are for a subject. Throws when the template does not compile.
 */
export function fillTemplate(source: string, vars: Record<string, string>, escape: boolean): string {
  return compiled(source, escape)(Object.assign(Object.create(null), vars));
}

/** How many compiled templates are kept (for the test of the bound). */
export const compileCacheSize = (): number => cache.size;
