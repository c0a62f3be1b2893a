import { useEffect } from 'react';
import { appConfig } from './app-config';

/** The browser tab's title for a page: "<title> · <brand>". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${appConfig().brandName}`;
  }, [title]);
}
