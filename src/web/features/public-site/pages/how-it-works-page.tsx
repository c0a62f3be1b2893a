import { ButtonLink } from '../../../components/ui/button';
import { PageHero } from '../components/page-hero';
import { type CatalogueFigures, highYieldTermRangeText } from '../../../../shared/products/catalogue-figures';
import { figuresOf, usePublicProducts } from '../../../lib/use-public-products';
import { usePageTitle } from '../use-page-title';
import { howItWorksSteps } from './landing-page';

function detailsFor(figures: CatalogueFigures | null) {
  const terms = figures ? highYieldTermRangeText(figures) : null;
  return [
    [
      'Create your account in a few minutes: confirm your e-mail with a secure link, verify your phone with a text code and choose a password.',
      'Link a bank account in your name. Most banks connect instantly; others are confirmed with two small deposits.',
    ],
    [
      terms
        ? `Pick the Standard income plan for monthly payouts, or a ${terms} High-Yield note for a higher fixed rate.`
        : 'Pick the Standard income plan for monthly payouts, or a High-Yield note for a higher fixed rate.',
      'Review the Perpetual Note Agreement, authorise the ACH debit and confirm. Your note appears at once and starts earning the same day.',
    ],
    [
      'Standard interest is paid to your bank every month. High-Yield interest is credited to your note every month and paid with principal at maturity.',
      'Follow every payment in your transaction summary, download tax forms and promissory notes, and transfer to your bank when your funds are available.',
    ],
  ];
}

export function HowItWorksPage() {
  usePageTitle('How it works');
  const figures = figuresOf(usePublicProducts());
  const details = detailsFor(figures);
  return (
    <>
      <PageHero eyebrow="How it works" title="Fund your account, choose terms, collect income">
        Three steps, then nothing to maintain. Here is what happens at each one.
      </PageHero>
      <section className="section">
        <div className="container">
          <ol className="timeline">
            {howItWorksSteps(figures).map((step, index) => (
              <li key={step.title} className="timeline-item">
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h2>{step.title}</h2>
                  <p className="timeline-summary">{step.text}</p>
                  {details[index]?.map((paragraph) => (
                    <p key={paragraph} className="muted">
                      {paragraph}
                    </p>
                  ))}
                </div>
              </li>
            ))}
          </ol>
          <div className="row">
            <ButtonLink to="/signup">GET STARTED</ButtonLink>
            <ButtonLink to="/investments" variant="secondary">
              COMPARE PLANS
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
