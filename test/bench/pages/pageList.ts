/**
 * The pages the pages benchmark measures (test/bench/pages.ts), who sees each and which of issue
 * 17's targets it is held to.
 */

export type Who = 'anonymous' | 'attendee' | 'registered' | 'manager';
/**
 * Which of the issue's targets a page is held to: the signed-in home ('home'), the sign-in,
 * sign-up, reset and registration pages ('account'), management screens ('manage'); the personal
 * centre ('personal') is in the issue's table without a target of its own: its ratio is held to the
 * account pages' 0.1, its p99 is printed, not judged.
 */
export type Target = 'baseline' | 'home' | 'account' | 'personal' | 'manage';
export type PageSpec = { label: string; path: string; who: Who; target: Target; connections: number; js?: boolean };
export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };
export type Row = PageSpec & { load: LoadResult; restMax: number; restMedian: number; status: number; bytes: number };

/** The pages of this run: the cached anonymous home (the baseline) always, the others unless BENCH_ONLY names none of them. */
export function pagesToRun(pageId: number, only: string[]): PageSpec[] {
  return [
    { label: '/ anonymous (cached)', path: '/', who: 'anonymous', target: 'baseline', connections: 50 },
    { label: '/ signed in', path: '/', who: 'attendee', target: 'home', connections: 50 },
    { label: `/page/${pageId} signed in`, path: `/page/${pageId}`, who: 'attendee', target: 'home', connections: 50 },
    {
      label: '/conferencelogin anonymous',
      path: '/conferencelogin',
      who: 'anonymous',
      target: 'account',
      connections: 50,
      js: true,
    },
    {
      label: '/userRegister anonymous',
      path: '/userRegister',
      who: 'anonymous',
      target: 'account',
      connections: 50,
      js: true,
    },
    {
      label: '/resetPassword anonymous',
      path: '/resetPassword',
      who: 'anonymous',
      target: 'account',
      connections: 50,
      js: true,
    },
    {
      label: '/conferenceRegister anonymous',
      path: '/conferenceRegister',
      who: 'anonymous',
      target: 'account',
      connections: 50,
      js: true,
    },
    {
      label: '/conferenceRegister signed in',
      path: '/conferenceRegister',
      who: 'attendee',
      target: 'account',
      connections: 50,
      js: true,
    },
    {
      label: '/conferenceRegister registered',
      path: '/conferenceRegister',
      who: 'registered',
      target: 'account',
      connections: 50,
    },
    { label: '/profile/userInfo', path: '/profile/userInfo', who: 'registered', target: 'personal', connections: 50 },
    { label: '/profile/download', path: '/profile/download', who: 'registered', target: 'personal', connections: 50 },
    {
      label: '/platform/config/website',
      path: '/platform/config/website',
      who: 'manager',
      target: 'manage',
      connections: 10,
    },
    {
      label: '/platform/manage/user',
      path: '/platform/manage/user',
      who: 'manager',
      target: 'manage',
      connections: 10,
    },
  ].filter((p) => p.target === 'baseline' || only.length === 0 || only.some((o) => p.label.includes(o))) as PageSpec[];
}
