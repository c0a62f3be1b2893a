import { Link } from 'react-router';
import { copyrightYear, disclaimerText } from '../../shared/brand';
import { appConfig } from '../lib/app-config';

const socialLinks = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/steadyline' },
  { label: 'Twitter', href: 'https://twitter.com/steadyline' },
  { label: 'Threads', href: 'https://www.threads.net/@steadyline' },
  { label: 'Instagram', href: 'https://www.instagram.com/steadyline' },
  { label: 'Facebook', href: 'https://www.facebook.com/steadyline' },
] as const;

/** The footer on every page: quick links (in-page anchors #plans and #terms), socials, copyright, disclaimer. */
export function SiteFooter() {
  const { brandName, supportEmail } = appConfig();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer-grid">
          <div>
            <p className="site-footer-brand">{brandName}</p>
            <p className="site-footer-muted">Fixed-rate notes for steady, passive income.</p>
            <p className="site-footer-muted">
              Questions? <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </p>
          </div>
          <nav aria-label="Quick links">
            <p className="site-footer-heading">QUICK LINKS</p>
            <ul className="site-footer-list">
              <li>
                <a href="/#plans">PLANS</a>
              </li>
              <li>
                <Link to="/about">ABOUT</Link>
              </li>
              <li>
                <Link to="/faq">FAQ</Link>
              </li>
              <li>
                <a href="#terms">TERMS</a>
              </li>
              <li>
                <Link to="/transparency">COVERAGE</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Social media">
            <p className="site-footer-heading">FOLLOW US</p>
            <ul className="site-footer-list">
              {socialLinks.map((link) => (
                <li key={link.label}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div id="terms" className="site-footer-terms">
          <p className="site-footer-heading">TERMS</p>
          <p className="site-footer-muted">
            Notes are offered under the Perpetual Note Agreement and our terms of use. Read the{' '}
            <Link to="/terms">full terms</Link> before you invest.
          </p>
        </div>
        <p className="site-footer-disclaimer">
          {brandName} {disclaimerText}
        </p>
        <p className="site-footer-copyright">
          © {copyrightYear()} {brandName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
