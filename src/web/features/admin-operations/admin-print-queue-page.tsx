/**
 * /admin/print-queue (issue 26 section 3, decision 1924): the statements and notices of investors
 * who withdrew their consent to electronic records, printed in batches and marked mailed. Paper
 * tax forms have their own queue on /admin/tax.
 */
import { useEffect } from 'react';
import { PaperMailPanel } from './paper-mail/paper-mail-panel';
import './admin-operations.css';

export function AdminPrintQueuePage() {
  useEffect(() => {
    document.title = 'Print queue · Admin';
  }, []);
  return (
    <div className="admin-operations">
      <div className="admin-page-header">
        <div>
          <h1>Print queue</h1>
          <p>
            Statements and notices for investors who withdrew their consent to electronic records: we mail
            them on paper. Paper tax forms are on the Tax forms page.
          </p>
        </div>
      </div>
      <PaperMailPanel purpose="records" year={null} title="Statements and notices by mail" />
    </div>
  );
}
