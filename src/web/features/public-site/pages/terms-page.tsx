import { disclaimerText } from '../../../../shared/brand';
import { appConfig } from '../../../lib/app-config';
import { PageHero } from '../components/page-hero';
import { usePageTitle } from '../use-page-title';

export function TermsPage() {
  usePageTitle('Terms');
  const { brandName, supportEmail } = appConfig();
  return (
    <>
      <PageHero eyebrow="Legal" title="Terms of use" />
      <section className="section section-tight">
        <div className="container prose">
          <p>
            These terms govern your use of the {brandName} website and investor portal. Each note you buy is
            also governed by the Perpetual Note Agreement you accept before purchase; where the two differ,
            the agreement prevails.
          </p>
          <h2>1. Eligibility</h2>
          <p>
            You must be at least 18 years old, a resident of the United States with a valid Social Security
            number, and the holder of a US bank account in your own name.
          </p>
          <h2>2. Your account</h2>
          <p>
            Keep your password and phone secure. You are responsible for activity in your account; tell us at
            once at {supportEmail} if you suspect unauthorised access.
          </p>
          <h2>3. Notes, interest and payments</h2>
          <p>
            Notes pay simple interest at the fixed annual rate shown at purchase, calculated daily on an
            Actual/365 basis and rounded to the cent when paid or credited. Standard notes pay interest
            monthly to your bank and have a 12-month lock-up. High-Yield notes credit interest monthly and pay
            principal and interest at maturity. Funding and payouts move by ACH.
          </p>
          <h2>4. Withdrawals</h2>
          <p>
            Available funds may be transferred to your bank; transfers are paid at the end of the current
            calendar quarter. Early withdrawal before the end of a lock-up or term is not offered in the app;
            it may be requested in writing and granted at our discretion, with a penalty of 90 days' interest.
          </p>
          <h2>5. Risks</h2>
          <p>
            {brandName} {disclaimerText}
          </p>
          <h2>6. Privacy</h2>
          <p>
            We collect the information needed to verify your identity, meet tax reporting duties and pay you.
            Your Social Security number and bank account numbers are encrypted at rest and never shown in
            full.
          </p>
          <h2>7. Communications</h2>
          <p>
            We send account messages by e-mail and, where you allow it, by text. Marketing messages are sent
            only if you opt in, and every marketing e-mail has a one-click unsubscribe link.
          </p>
          <h2>8. Governing law</h2>
          <p>These terms are governed by the laws of the Commonwealth of Massachusetts.</p>
        </div>
      </section>
    </>
  );
}
