import type { ComponentType, SVGProps } from 'react';
import { useSession } from '../../lib/auth';
import { bottomBarItemsFor } from '../../lib/nav';
import { CalendarIcon, HelpIcon, SearchIcon, UserIcon } from '../icons';
import { NavItemLink } from './nav-item-link';
import { UnreadCount } from './unread-count';

const icons: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  '/': SearchIcon,
  '/dashboard': CalendarIcon,
  '/cleaner-dashboard': CalendarIcon,
  '/help-center': HelpIcon,
  '/profile': UserIcon,
};

/** The four tabs shown at the bottom of small screens (docs/product/discovery.md); a cleaner's second is Jobs. */
export function BottomBar() {
  const { user } = useSession();
  return (
    <nav aria-label="Quick navigation" className="bottom-bar">
      <ul className="bottom-bar__list">
        {bottomBarItemsFor(user).map((item) => {
          const Icon = icons[item.to] ?? SearchIcon;
          return (
            <li key={item.to}>
              <NavItemLink to={item.to} className="bottom-bar__link">
                <Icon width={22} height={22} />
                <span>{item.label}</span>
                {item.to === '/dashboard' || item.to === '/cleaner-dashboard' ? <UnreadCount /> : null}
              </NavItemLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
