/**
 * The logged-in user's dropdown (spec 2.4): Personal Center, Conference Management (staff only),
 * Change Password, Exit. Keyboard and outside-click friendly; no UI library, so the public pages
 * stay within their JavaScript budget.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { logout } from '../shared/logout';

export type UserMenuItem = { label: string; href?: string; action?: 'logout' };
export type UserMenuProps = { name: string; menuLabel: string; items: UserMenuItem[] };

export default function UserMenu({ name, menuLabel, items }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu-trigger"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={menuLabel}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="user-menu-name">{name}</span> <span aria-hidden="true">▾</span>
      </button>
      <ul className="user-menu-list" id={listId} hidden={!open}>
        {items.map((item) => (
          <li key={item.label}>
            {item.action === 'logout' ? (
              <a
                href="#logout"
                data-action="logout"
                onClick={(e) => {
                  e.preventDefault();
                  void logout();
                }}
              >
                {item.label}
              </a>
            ) : (
              <a href={item.href}>{item.label}</a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
