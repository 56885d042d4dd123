/** What the server hands the UserMenu screen. Types only: the server imports this file, never the component (docs/development.md). */
export type UserMenuItem = { label: string; href?: string; action?: 'logout' };
/** logoutFailed: the toast's text when the exit fails, in the reader's language */
export type UserMenuProps = { name: string; menuLabel: string; items: UserMenuItem[]; logoutFailed: string };
