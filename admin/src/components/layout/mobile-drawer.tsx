import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
// From their own files, not the entity's index: the index would bring the booking pickers into the first download.
import { bookingStatsQuery } from '../../entities/booking/api/bookings.queries';
import { activeBookingCount } from '../../entities/booking/utils/active-count';
import { fullName, useSession } from '../../lib/auth';
import { enterModalLayer } from '../../lib/modal-layer';
import { visibleDrawerItems } from '../../lib/nav';
import { LOGIN_PATH, LOGOUT_PATH } from '../../lib/query-client';
import { Link, useLocation } from '../../lib/router';
import { CloseIcon } from '../icons';
import { NavItemLink } from './nav-item-link';

interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The mobile menu (docs/product/discovery.md), a modal <dialog> so focus stays inside and Escape closes it. */
export function MobileDrawer({ open, onClose }: MobileDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { user, admin } = useSession();
  const isSignedIn = user !== null;
  const location = useLocation();
  // The My Bookings badge: the signed-in customer's active bookings, asked for when the drawer opens.
  const stats = useQuery({ ...bookingStatsQuery, enabled: isSignedIn && open });
  const activeBookings = stats.data ? activeBookingCount(stats.data) : 0;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    // While open, toasts are shown inside it (lib/modal-layer.ts).
    if (open) return enterModalLayer(dialog);
  }, [open]);

  // The drawer only exists on small screens; widening the window past the breakpoint closes it.
  useEffect(() => {
    const desktop = window.matchMedia('(min-width: 768px)');
    const onChange = () => desktop.matches && onCloseRef.current();
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation closes the drawer
  useEffect(() => {
    onCloseRef.current();
  }, [location.pathname, location.search]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop only; the dialog handles Escape itself
    <dialog
      ref={dialogRef}
      id="mobile-menu"
      className="drawer"
      aria-labelledby="mobile-menu-title"
      onClose={onClose}
      onCancel={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="drawer__panel">
        <div className="drawer__header">
          <h2 id="mobile-menu-title" className="drawer__title">
            Menu
          </h2>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            <CloseIcon width={22} height={22} />
          </button>
        </div>

        {user ? (
          <div className="drawer__user" data-testid="drawer-user">
            <p className="drawer__user-name">{fullName(user) || 'Your account'}</p>
            {user.email ? <p className="drawer__user-email">{user.email}</p> : null}
          </div>
        ) : admin ? (
          <div className="drawer__user" data-testid="drawer-user">
            <p className="drawer__user-name">Administrator</p>
          </div>
        ) : null}

        <nav aria-label="Mobile" className="drawer__nav">
          <ul className="drawer__list">
            {visibleDrawerItems(isSignedIn, admin, user?.links).map((item) => (
              <li key={item.to}>
                <NavItemLink to={item.to} className="drawer__link">
                  {item.label}
                  {item.badge === 'active-bookings' && activeBookings > 0 ? (
                    <>
                      <span className="nav-badge" data-testid="nav-badge" aria-hidden="true">
                        {activeBookings}
                      </span>
                      <span className="visually-hidden"> ({activeBookings} active)</span>
                    </>
                  ) : null}
                </NavItemLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="drawer__footer">
          {isSignedIn || admin ? (
            <>
              {isSignedIn ? (
                <Link to="/profile" className="drawer__link">
                  Settings
                </Link>
              ) : null}
              <a href={LOGOUT_PATH} className="btn btn--outline btn--block">
                Sign Out
              </a>
            </>
          ) : (
            <>
              <a href={LOGIN_PATH} className="btn btn--primary btn--block">
                Sign In
              </a>
              <p className="drawer__hint">New to the product? Sign up when you book your first service</p>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
