import { companyLinks, type NavItem, serviceLinks, supportLinks } from '../../lib/nav';
import { Link } from '../../lib/router';
import { LogoMark } from '../icons';

const columns: { id: string; title: string; links: readonly NavItem[] }[] = [
  { id: 'footer-services', title: 'Services', links: serviceLinks },
  { id: 'footer-company', title: 'Company', links: companyLinks },
  { id: 'footer-support', title: 'Support', links: supportLinks },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--inverse" aria-label="Spotless home">
            <LogoMark className="brand__mark" />
            <span className="brand__name">Spotless</span>
          </Link>
          <p>
            Vetted, insured and bonded cleaning professionals for homes and offices. Book in minutes, pay securely, and
            rate every clean.
          </p>
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          {columns.map((column) => (
            <div key={column.id} className="site-footer__column">
              <h2 id={column.id} className="site-footer__heading">
                {column.title}
              </h2>
              <ul aria-labelledby={column.id}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>© {new Date().getFullYear()} Spotless Marketplace, Inc. All rights reserved.</p>
        <p>
          Questions? <a href="mailto:support@spotless.example">support@spotless.example</a>
        </p>
      </div>
    </footer>
  );
}
