import { ButtonLink } from '../../../components/ui/button';
import { appConfig } from '../../../lib/app-config';
import {
  type CatalogueFigures,
  highYieldTermRangeText,
  rateRangeText,
} from '../../../../shared/products/catalogue-figures';
import { figuresOf, usePublicProducts } from '../../../lib/use-public-products';
import { HeroIllustration } from '../components/hero-illustration';
import { PlanCards } from '../components/plan-cards';
import { SignUpEmailForm } from '../components/sign-up-email-form';
import { usePageTitle } from '../use-page-title';

/** The four WHY cards; the rates come from the live catalogue, never from copy. */
function reasonsFor(figures: CatalogueFigures | null) {
  return [
    {
      title: 'Steady',
      text: figures
        ? `Fixed rates from ${rateRangeText(figures)} a year, set the day you buy and unchanged for the term.`
        : 'Fixed rates, set the day you buy and unchanged for the term.',
    },
    { title: 'Safe', text: 'Your funds move only by ACH to and from a bank account verified in your name.' },
    { title: 'Simple', text: 'Two plans, clear terms, no hidden fees. Everything you need on one screen.' },
    {
      title: 'Seamless',
      text: 'No maintenance and nothing to rebalance. Interest is calculated and paid for you.',
    },
  ];
}

/** The three steps of the pitch (spec 1), shared with /how-it-works; figures from the catalogue. */
export function howItWorksSteps(figures: CatalogueFigures | null) {
  const terms = figures ? highYieldTermRangeText(figures) : null;
  return [
    {
      title: 'Fund your account',
      text: figures
        ? `Link your bank account in minutes and start from ${figures.lowestMinimum}.`
        : 'Link your bank account in minutes.',
    },
    {
      title: 'Choose terms',
      text: terms
        ? `Monthly income with the Standard plan, or growth with a ${terms} High-Yield note.`
        : 'Monthly income with the Standard plan, or growth with a High-Yield note.',
    },
    {
      title: 'Collect income',
      text: figures
        ? `Earn ${rateRangeText(figures, '–')} per year, paid monthly or at the end of the term.`
        : 'Earn a fixed rate, paid monthly or at the end of the term.',
    },
  ];
}

export function LandingPage() {
  usePageTitle('Passive income, made steady');
  const products = usePublicProducts();
  const figures = figuresOf(products);
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">Fixed-rate income notes</p>
            <h1 className="hero-title">
              {figures
                ? `Earn up to ${figures.highestRatePercent}% per year, steadily.`
                : 'Earn a fixed rate, steadily.'}
            </h1>
            <p className="hero-lead">No maintenance. No complicated steps.</p>
            <p className="hero-text">
              Monthly interest payouts or payment at the end of the term.
              {figures ? ` Start from ${figures.lowestMinimum}, with` : ' With'} no hidden fees and nothing to
              manage: a truly passive experience.
            </p>
            <div className="row hero-actions">
              <ButtonLink to="/signup" size="lg">
                GET STARTED
              </ButtonLink>
              <ButtonLink to="/how-it-works" size="lg" variant="secondary">
                LEARN MORE
              </ButtonLink>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <p className="eyebrow">Why investors choose us</p>
          <h2 id="why-title" className="section-title">
            WHY {appConfig().brandName.toUpperCase()}
          </h2>
          <div className="reason-grid">
            {reasonsFor(figures).map((reason) => (
              <article key={reason.title} className="reason-card">
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-tinted" id="how-it-works" aria-labelledby="how-title">
        <div className="container">
          <p className="eyebrow">Three steps</p>
          <h2 id="how-title" className="section-title">
            HOW IT WORKS
          </h2>
          <ol className="step-list">
            {howItWorksSteps(figures).map((step, index) => (
              <li key={step.title} className="step">
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" id="plans" aria-labelledby="plans-title">
        <div className="container">
          <p className="eyebrow">Plans</p>
          <h2 id="plans-title" className="section-title">
            Two plans. One steady path.
          </h2>
          <PlanCards state={products} />
        </div>
      </section>

      <section className="section section-cta" aria-labelledby="cta-title">
        <div className="container cta-inner">
          <h2 id="cta-title">START EARNING TODAY</h2>
          <p>Enter your e-mail and we will send you a secure link to open your account.</p>
          <SignUpEmailForm tone="dark" />
        </div>
      </section>
    </>
  );
}
