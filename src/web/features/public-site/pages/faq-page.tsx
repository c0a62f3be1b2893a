import { useId, useState } from 'react';
import { appConfig } from '../../../lib/app-config';
import type { CatalogueFigures } from '../../../../shared/products/catalogue-figures';
import { figuresOf, usePublicProducts } from '../../../lib/use-public-products';
import { PageHero } from '../components/page-hero';
import { SignUpEmailForm } from '../components/sign-up-email-form';
import { usePageTitle } from '../use-page-title';

function questionsFor(figures: CatalogueFigures | null) {
  return [
    {
      question: 'How much do I need to start?',
      answer: `${figures ? `The minimum for a note starts at ${figures.lowestMinimum}. ` : 'Each note has a minimum, shown on its plan. '}You can hold several notes on either plan and add new ones at any time.`,
    },
    {
      question: 'How is my interest paid?',
      answer:
        'On the Standard income plan, interest is paid to your linked bank account every month. On the High-Yield growth plan, interest is credited to your note every month and paid with your principal at the end of the term.',
    },
    {
      question: 'When can I withdraw my money?',
      answer:
        'Standard notes have a 12-month lock-up; after that you can transfer to your bank at any time. High-Yield notes can be withdrawn or reinvested at the end of their term. Transfers are paid at the end of the current calendar quarter.',
    },
    {
      question: 'Are there any fees?',
      answer: 'No. There are no account, management or transfer fees. The rate you see is the rate you earn.',
    },
    {
      question: 'Is my investment insured?',
      answer:
        'No. Notes are not bank deposits: they are not FDIC insured and not bank guaranteed, and you may lose principal. Please read the risk disclosure in the Perpetual Note Agreement before you invest.',
    },
    {
      question: 'How do I keep my account secure?',
      answer:
        'You sign in with your password and a code sent to your phone. Withdrawals and bank changes ask for a fresh code, and your personal details are encrypted at rest.',
    },
  ];
}

function FaqItem({
  question,
  answer,
  defaultOpen,
}: {
  question: string;
  answer: string;
  defaultOpen: boolean;
}) {
  const [isOpen, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <div className="faq-item">
      <h3 className="faq-question">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setOpen((open) => !open)}
        >
          <span>{question}</span>
          <span className="faq-icon" aria-hidden="true">
            {isOpen ? '−' : '+'}
          </span>
        </button>
      </h3>
      <div id={panelId} className="faq-answer" hidden={!isOpen}>
        <p>{answer}</p>
      </div>
    </div>
  );
}

export function FaqPage() {
  usePageTitle('FAQ');
  const { supportEmail } = appConfig();
  const questions = questionsFor(figuresOf(usePublicProducts()));
  return (
    <>
      <PageHero eyebrow="FAQ" title="Frequently asked questions" />
      <section className="section section-tight">
        <div className="container faq-layout">
          <div className="faq-list">
            {questions.map((item, index) => (
              <FaqItem
                key={item.question}
                question={item.question}
                answer={item.answer}
                defaultOpen={index === 0}
              />
            ))}
          </div>
          <aside className="faq-aside">
            <div className="card">
              <h2 className="card-title">Questions?</h2>
              <p className="muted">Our team answers within one business day.</p>
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </div>
            <div className="card faq-cta">
              <h2 className="card-title">Start earning today</h2>
              <SignUpEmailForm />
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
