/** Where a conference's uploads are kept in the store, and the address they are served at. */
export const scopeOf = (conferenceId: number) => `c${conferenceId}`;
export const urlOf = (storedName: string) => `/files/${storedName}`;
