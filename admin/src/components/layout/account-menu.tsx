import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type CurrentUser, fullName } from '../../lib/auth';
import { accountMenuItems } from '../../lib/nav';
import { LOGOUT_PATH } from '../../lib/query-client';
import { useLocation } from '../../lib/router';
import { ChevronIcon } from '../icons';
import { NavItemLink } from './nav-item-link';

interface AccountMenuProps {
  /** The signed-in person, or null for an administrator session alone; `admin`: such a session is open. */
  session: { user: CurrentUser | null; admin: boolean };
}

/**
 * The header's account menu on wide screens (docs/product/discovery.md): a button with the
 * person's name (or "Administrator" for an administrator session alone) that opens the pages the
 * six header links leave out, then Sign Out. A disclosure of links: Enter, Space or ↓ opens it,
 * ↑ ↓ Home End move between its entries, and Escape, a click or tap outside, or moving focus out of
 * it closes it; Escape gives focus back to the button.
 */
export function AccountMenu({ session }: AccountMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const { user } = session;
  const name = user ? user.firstName || user.email : 'Administrator';

  // Any navigation (an entry followed) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new address
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const entries = () => [...(root.current?.querySelectorAll<HTMLElement>('.account-menu__link') ?? [])];
  const focusEntry = (index: number) => {
    const all = entries();
    all[(index + all.length) % all.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = entries();
    const current = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!open) {
        setOpen(true);
        // Shown on the next frame: then its first (or last) entry takes focus.
        requestAnimationFrame(() => focusEntry(down ? 0 : -1));
      } else focusEntry(current === -1 ? (down ? 0 : -1) : current + (down ? 1 : -1));
    } else if (open && current !== -1 && (event.key === 'Home' || event.key === 'End')) {
      event.preventDefault();
      focusEntry(event.key === 'Home' ? 0 : -1);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys move between the menu's own links and button
    <div
      ref={root}
      className="account-menu"
      data-testid="account-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="account-menu__name">{name}</span>
        <ChevronIcon width={16} height={16} aria-hidden="true" />
      </button>
      <div id={`${id}-menu`} className="account-menu__panel" hidden={!open}>
        {user ? (
          <div className="account-menu__who">
            <p className="account-menu__full-name">{fullName(user) || user.email}</p>
            <p className="account-menu__email">{user.email}</p>
          </div>
        ) : (
          <p className="account-menu__who">Signed in to the admin area</p>
        )}
        <nav aria-label="Account">
          <ul className="account-menu__list">
            {accountMenuItems(session).map((item) => (
              <li key={item.to}>
                <NavItemLink to={item.to} className="account-menu__link">
                  {item.label}
                </NavItemLink>
              </li>
            ))}
            <li>
              <a href={LOGOUT_PATH} className="account-menu__link account-menu__link--sign-out">
                Sign Out
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
