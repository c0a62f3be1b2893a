import { useEffect } from 'react';
import { appConfig } from '../../lib/app-config';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${appConfig().brandName}`;
  }, [title]);
}
