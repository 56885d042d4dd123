/**
 * Builds the features of the list into one set of dependencies, routers, menus, jobs and event
 * handlers (see feature.ts). The app mounts what this returns; it knows no feature by name.
 */
import type { RequestHandler, Router } from 'express';
import type { Deps, Feature, PlatformDeps, PlatformHooks, ServiceDeps } from './feature';
import type { JobDefinition } from './jobs';
import type { MetricSource } from './metrics';
import type { PersonalDataPart } from './personalData';
import type { WorkKind } from './work/types';
import { OverviewBoard } from './overview';
import { Shell, type ShellParts } from './shell/layouts';
import type { Menus } from './shell/menus';
import { SHELL_MANAGE_MENU } from './shell/routes';

export type Composed = {
  deps: Deps;
  hooks: Required<PlatformHooks>;
  api: Router[];
  largeBodyPaths: Set<string>;
  early: Array<Router | RequestHandler>;
  pages: Array<Router | RequestHandler>;
  jobs: JobDefinition[];
  metrics: MetricSource[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  work: WorkKind<any>[];
};

export function composeFeatures(features: readonly Feature[], platform: Omit<PlatformDeps, 'knownPeople'>): Composed {
  const names = new Set<string>();
  for (const f of features) {
    if (names.has(f.name)) throw new Error(`feature ${f.name} is listed twice`);
    names.add(f.name);
  }

  const knownPeople = features.flatMap((f) => (f.knownPeople ? [f.knownPeople] : []));
  // Filled in feature by feature below; each feature's services see those of the features before it.
  const personalData: PersonalDataPart[] = [];
  const serviceDeps = { ...platform, knownPeople, personalData } as unknown as ServiceDeps;
  for (const f of features) Object.assign(serviceDeps, f.services?.(serviceDeps));

  const menus: Menus = { manage: [...SHELL_MANAGE_MENU], profile: [], admin: [] };
  const parts: ShellParts = {};
  for (const f of features) {
    menus.manage.push(...(f.manageMenu ?? []));
    menus.profile.push(...(f.profileMenu ?? []));
    menus.admin.push(...(f.adminMenu ?? []));
    for (const [name, part] of Object.entries(f.shell?.(serviceDeps) ?? {})) {
      if (parts[name as keyof ShellParts]) throw new Error(`two features provide the layouts' ${name}`);
      Object.assign(parts, { [name]: part });
    }
  }
  const deps: Deps = Object.assign(serviceDeps, { shell: new Shell(menus, parts) }) as Deps;
  // Filled before any router, job or handler is built, so the privacy feature's see every part.
  for (const f of features) personalData.push(...(f.personalData?.(deps) ?? []));
  if (new Set(personalData.map((p) => p.name)).size !== personalData.length)
    throw new Error('two personal data parts have the same name');
  // The panels may use any service; the board listens to the events their figures follow.
  deps.overview = new OverviewBoard(
    features.flatMap((f) => f.overview?.(deps) ?? []),
    deps.events,
    deps.cache,
  );

  const hooks: Partial<PlatformHooks> = {};
  for (const f of features) {
    for (const [name, hook] of Object.entries(f.hooks?.(deps) ?? {})) {
      if (hooks[name as keyof PlatformHooks]) throw new Error(`two features provide the ${name} hook`);
      Object.assign(hooks, { [name]: hook });
    }
  }
  for (const name of ['tenant', 'identify', 'fastPath', 'publicSite'] as const)
    if (!hooks[name]) throw new Error(`no feature provides the ${name} hook`);

  for (const f of features) deps.events.subscribe(f.events?.(deps) ?? []);

  return {
    deps,
    hooks: hooks as Required<PlatformHooks>,
    api: features.flatMap((f) => f.api?.(deps) ?? []),
    largeBodyPaths: new Set(features.flatMap((f) => f.largeBodyPaths ?? [])),
    early: features.flatMap((f) => f.early?.(deps) ?? []),
    pages: features.flatMap((f) => f.pages?.(deps) ?? []),
    jobs: features.flatMap((f) => f.jobs?.(deps) ?? []),
    metrics: features.flatMap((f) => f.metrics?.(deps) ?? []),
    work: features.flatMap((f) => f.work?.(deps) ?? []),
  };
}
