import { ButtonLink } from '../../../components/ui/button';
import { appConfig } from '../../../lib/app-config';
import { PageHero } from '../components/page-hero';
import { usePageTitle } from '../use-page-title';

export function AboutPage() {
  usePageTitle('About');
  const { brandName, supportEmail } = appConfig();
  return (
    <>
      <PageHero eyebrow="About us" title={`${brandName} makes passive income simple`}>
        We believe steady income should not need a trading screen, a spreadsheet or a weekend of research.
      </PageHero>
      <section className="section">
        <div className="container prose">
          <h2>What we do</h2>
          <p>
            {brandName} offers fixed-rate promissory notes to individual investors. You lend to us for a term
            you choose, we pay you a fixed rate, and we handle everything in between: the interest
            calculations, the payments, the statements and the tax forms.
          </p>
          <h2>How we think about your money</h2>
          <ul>
            <li>
              <strong>Clarity first.</strong> Two plans, one page of terms, and every dollar visible in your
              account.
            </li>
            <li>
              <strong>Exact to the cent.</strong> Interest is computed daily with exact decimal arithmetic and
              every movement is recorded in an append-only ledger.
            </li>
            <li>
              <strong>Security by default.</strong> Sign-in with e-mail, phone and password, sensitive actions
              re-confirmed by text message, and personal data encrypted at rest.
            </li>
          </ul>
          <h2>Talk to us</h2>
          <p>
            Our team answers every message within one business day at{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
          <ButtonLink to="/signup">OPEN AN ACCOUNT</ButtonLink>
        </div>
      </section>
    </>
  );
}
