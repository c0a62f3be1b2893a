import { DEFAULT_BRAND_NAME } from '../../shared/brand';

export interface AppConfig {
  brandName: string;
  supportEmail: string;
  isDemoMode: boolean;
}

const defaults: AppConfig = {
  brandName: DEFAULT_BRAND_NAME,
  supportEmail: 'support@steadyline.example',
  isDemoMode: true,
};

let cached: AppConfig | null = null;

/** Read once from the <meta name="app-config"> the server fills in (no inline script: the CSP forbids it). */
export function appConfig(): AppConfig {
  if (cached) return cached;
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  try {
    cached = content?.startsWith('{')
      ? { ...defaults, ...(JSON.parse(content) as Partial<AppConfig>) }
      : defaults;
  } catch {
    cached = defaults;
  }
  return cached;
}
