import { useSession } from '../../lib/auth';
import { headerNavItems, MY_JOBS } from '../../lib/nav';
import { LOGIN_PATH } from '../../lib/query-client';
import { Link } from '../../lib/router';
import { LogoMark, MenuIcon } from '../icons';
import { AccountMenu } from './account-menu';
import { NavItemLink } from './nav-item-link';
import { UnreadCount } from './unread-count';

interface SiteHeaderProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/**
 * The header (docs/product/discovery.md): the six links (an approved cleaner's fifth is My Jobs),
 * then Sign In and Become a Cleaner for a visitor, or the account menu for a signed-in person or an
 * administrator session (never Sign In while either is open); below 768 px the menu button opens
 * the drawer instead.
 */
export function SiteHeader({ menuOpen, onOpenMenu }: SiteHeaderProps) {
  const { user, admin, isLoading } = useSession();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label="Spotless home">
          <LogoMark className="brand__mark" />
          <span className="brand__name">Spotless</span>
        </Link>

        <nav aria-label="Main" className="main-nav">
          <ul className="main-nav__list">
            {headerNavItems(user).map((item) => (
              <li key={item.to}>
                <NavItemLink to={item.to} className="main-nav__link">
                  {item.label}
                  {item.to === '/dashboard' || item.to === MY_JOBS.to ? <UnreadCount /> : null}
                </NavItemLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions" data-testid="auth-controls">
          {isLoading ? null : user || admin ? (
            <AccountMenu session={{ user, admin }} />
          ) : (
            <>
              <a href={LOGIN_PATH} className="btn btn--ghost btn--sm">
                Sign In
              </a>
              <Link to="/apply-cleaner" className="btn btn--primary btn--sm">
                Become a Cleaner
              </Link>
            </>
          )}
        </div>

        <button
          type="button"
          className="icon-button menu-button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={onOpenMenu}
        >
          <MenuIcon width={24} height={24} />
        </button>
      </div>
    </header>
  );
}
