/** A "federation organisation entry" of the login page (spec section 3). No Node imports. */
export type Organisation = { entityId: string; zname: string; ename: string; logo: string; redirectUrl: string };
