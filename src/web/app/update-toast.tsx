import { useState } from 'react';
import { Button } from '../components/ui/button';
import { applyUpdate, useUpdateReady } from '../lib/service-worker-registration';

/** Offers the new release once its service worker has installed (decision 1971). */
export function UpdateToast() {
  const isReady = useUpdateReady();
  const [isDismissed, setDismissed] = useState(false);
  const [isReloading, setReloading] = useState(false);
  if (!isReady || isDismissed) return null;
  return (
    <section className="update-toast" role="status" aria-label="New version">
      <p className="update-toast-text">A new version of Steadyline is ready.</p>
      <div className="update-toast-actions">
        <Button variant="ghost" size="sm" onClick={() => setDismissed(true)}>
          Later
        </Button>
        <Button
          size="sm"
          isBusy={isReloading}
          onClick={() => {
            setReloading(true);
            applyUpdate();
          }}
        >
          Reload
        </Button>
      </div>
    </section>
  );
}
