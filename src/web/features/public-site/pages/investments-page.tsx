import { ButtonLink } from '../../../components/ui/button';
import { figuresOf, usePublicProducts } from '../../../lib/use-public-products';
import { summarisePlans } from '../plan-summary';
import { PageHero } from '../components/page-hero';
import { PlanCards } from '../components/plan-cards';
import { usePageTitle } from '../use-page-title';

export function InvestmentsPage() {
  usePageTitle('Investments');
  const products = usePublicProducts();
  const figures = figuresOf(products);
  const summary = summarisePlans(products.status === 'ready' ? products.products : []);
  const { standardRate, highYieldRange, standardMinimum, highYieldMinimum, highYieldTerms } = summary;
  return (
    <>
      <PageHero eyebrow="Investments" title="Fixed-rate notes, two ways to earn">
        Choose monthly income or long-term growth. Both plans pay a fixed rate set the day you invest
        {figures ? `, start from ${figures.lowestMinimum}` : ''} and charge no fees.
      </PageHero>
      <section className="section" id="plans" aria-labelledby="plans-title">
        <div className="container">
          <h2 id="plans-title" className="visually-hidden">
            Plans
          </h2>
          <PlanCards state={products} />
        </div>
      </section>
      <section className="section section-tinted" aria-labelledby="compare-title">
        <div className="container prose">
          <h2 id="compare-title">How the plans compare</h2>
          <div className="table-wrap">
            <table className="table compare-table">
              <thead>
                <tr>
                  <th scope="col">&nbsp;</th>
                  <th scope="col">Standard income plan</th>
                  <th scope="col">High-Yield growth plan</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Annual return</th>
                  <td>{standardRate}</td>
                  <td>{highYieldRange}</td>
                </tr>
                <tr>
                  <th scope="row">Interest</th>
                  <td>
                    Paid monthly to your bank account, or reinvested in the note to compound (your choice)
                  </td>
                  <td>Credited to your note monthly, paid with principal at maturity</td>
                </tr>
                <tr>
                  <th scope="row">Access to funds</th>
                  <td>12-month lock-up, then withdraw anytime</td>
                  <td>At the end of the term ({highYieldTerms})</td>
                </tr>
                <tr>
                  <th scope="row">At the end</th>
                  <td>Keep earning for as long as you like</td>
                  <td>Withdraw or reinvest</td>
                </tr>
                <tr>
                  <th scope="row">Minimum</th>
                  <td>{standardMinimum}</td>
                  <td>{highYieldMinimum}</td>
                </tr>
              </tbody>
            </table>
          </div>
          <h3>How interest is calculated</h3>
          <p>
            Interest is simple interest on the amount you invest, counted for each calendar day on a 365-day
            year. It is added up daily and rounded to the cent only when it is paid or credited, so no
            fraction of a cent is lost along the way. Total return figures are the annual rate times the term
            in years.
          </p>
          <h3>Withdrawals</h3>
          <p>
            Transfers to your bank are paid at the end of the current calendar quarter. Your funds keep
            earning until the day they are paid.
          </p>
          <ButtonLink to="/signup">GET STARTED</ButtonLink>
        </div>
      </section>
    </>
  );
}
