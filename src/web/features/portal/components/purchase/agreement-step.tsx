/**
 * Step 2: the Perpetual Note Agreement. The consent box is enabled only once the text is
 * scrolled to within 5 px of its end (spec 4); NEXT waits for the box.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/field';
import { formatUsd } from '../../../../../shared/format/money-format';
import {
  type AgreementConfirmLabel,
  perpetualNoteAgreement,
} from '../../../../../shared/purchases/perpetual-note-agreement';
import { appConfig } from '../../../../lib/app-config';

export const AGREEMENT_SCROLL_THRESHOLD_PX = 5;

/** The purchase's consent: the agreement and the one-time debit from the funding account. */
export function purchaseConsentLabel(amount: string, bankLastFour: string): string {
  return `I have read and agree to the Perpetual Note Agreement, and I authorise the one-time ACH debit of ${formatUsd(amount)} from my account ending ${bankLastFour}.`;
}

export function AgreementStep({
  confirmLabel,
  consentLabel,
  hasConsented,
  onConsentChange,
  onBack,
  onNext,
}: {
  /** The button the review step shows, which the agreement names. */
  confirmLabel: AgreementConfirmLabel;
  /** What the box says the investor agrees to (a conversion debits no bank account). */
  consentLabel: string;
  hasConsented: boolean;
  onConsentChange(hasConsented: boolean): void;
  onBack(): void;
  onNext(): void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [hasReadToEnd, setReadToEnd] = useState(false);
  const sections = perpetualNoteAgreement(appConfig().brandName, confirmLabel);

  const checkScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const remaining = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (remaining <= AGREEMENT_SCROLL_THRESHOLD_PX) setReadToEnd(true);
  }, []);

  useEffect(() => {
    checkScroll();
  }, [checkScroll]);

  return (
    <div>
      <div
        ref={scrollRef}
        className="agreement-text"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll the agreement with the arrow keys
        tabIndex={0}
        role="document"
        aria-label="Perpetual Note Agreement"
        onScroll={checkScroll}
        data-testid="agreement-text"
      >
        <h3>Perpetual Note Agreement</h3>
        {sections.map((section) => (
          <section key={section.heading}>
            <h4>{section.heading}</h4>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
      {!hasReadToEnd ? <p className="field-hint">Scroll to the end of the agreement to continue.</p> : null}
      <Checkbox
        label={consentLabel}
        checked={hasConsented}
        disabled={!hasReadToEnd}
        onChange={(event) => onConsentChange(event.target.checked)}
      />
      <div className="modal-footer">
        <Button variant="secondary" onClick={onBack}>
          BACK
        </Button>
        <Button onClick={onNext} disabled={!hasConsented}>
          NEXT
        </Button>
      </div>
    </div>
  );
}
