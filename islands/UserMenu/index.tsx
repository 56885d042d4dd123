/**
 * The logged-in user's dropdown (spec 2.4) in every layout: Personal Center, Conference Management
 * (staff only), Change Password, Exit. Keyboard and outside-click friendly; no UI library, so the
 * public pages stay within their JavaScript budget. A failed exit shows an error toast (spec 2.3).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../shared/api';
import { logout } from '../shared/logout';
import type { UserMenuProps } from './props';

/** Spec 9: every notification shows for 2000 ms, as antd's messages do (islands/shared/AntdRoot.tsx). */
const TOAST_MS = 2000;
// Inline: the site templates style the menu but know nothing of a toast.
const TOAST_STYLE = {
  position: 'fixed',
  top: 16,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 10000,
  maxWidth: 'calc(100vw - 32px)',
  padding: '8px 16px',
  borderRadius: 6,
  background: '#fff2f0',
  border: '1px solid #ffccc7',
  color: '#a8071a',
  fontSize: 14,
  boxShadow: '0 4px 12px rgba(0,0,0,.15)',
} as const;

export default function UserMenu({ name, menuLabel, items, logoutFailed }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  useEffect(() => {
    if (!failure) return;
    const timer = window.setTimeout(() => setFailure(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [failure]);

  const exit = () => {
    setOpen(false);
    // A refusal carries the server's message in the reader's language; an error answer's message is
    // an i18n key this small island cannot translate, so the error text says it.
    logout().catch((err: unknown) =>
      setFailure(err instanceof ApiError || !(err instanceof Error) || !err.message ? logoutFailed : err.message),
    );
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu-trigger"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${name} · ${menuLabel}`}
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
                  exit();
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
      {failure ? (
        <div className="user-menu-toast" role="alert" style={TOAST_STYLE}>
          {failure}
        </div>
      ) : null}
    </div>
  );
}
