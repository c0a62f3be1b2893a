import { useEffect } from 'react';
import { appConfig } from '../../../lib/app-config';

/** The browser tab's title for a portal page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${appConfig().brandName}`;
  }, [title]);
}
