import type { ReactNode } from 'react';
import { isActivePath } from '../../lib/nav';
import { Link, useLocation } from '../../lib/router';

interface NavItemLinkProps {
  to: string;
  className: string;
  children: ReactNode;
}

/** A router link that marks itself current by the active-link rule (docs/product/discovery.md). */
export function NavItemLink({ to, className, children }: NavItemLinkProps) {
  const { pathname } = useLocation();
  const active = isActivePath(pathname, to);
  return (
    <Link to={to} className={active ? `${className} is-active` : className} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}
