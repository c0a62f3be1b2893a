import { DEFAULT_BRAND_NAME } from '../../shared/brand';
import { DEFAULT_BUSINESS_TZ } from '../../shared/dates/business-time';
import { serverRenderContext } from './server-render-context';

export interface AppConfig {
  brandName: string;
  supportEmail: string;
  isDemoMode: boolean;
  /** The server's business time zone (BUSINESS_TZ): its calendar decides which day is today. */
  businessTimeZone: string;
}

const defaults: AppConfig = {
  brandName: DEFAULT_BRAND_NAME,
  supportEmail: 'support@steadyline.example',
  isDemoMode: true,
  businessTimeZone: DEFAULT_BUSINESS_TZ,
};

let cached: AppConfig | null = null;

/**
 * Read once from the <meta name="app-config"> the server fills in (no inline script: the CSP
 * forbids it), or, while the server renders the page, from what it handed the render.
 */
export function appConfig(): AppConfig {
  if (cached) return cached;
  const rendering = serverRenderContext();
  const content = rendering
    ? JSON.stringify(rendering.config)
    : document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  try {
    cached = content?.startsWith('{')
      ? { ...defaults, ...(JSON.parse(content) as Partial<AppConfig>) }
      : defaults;
  } catch {
    cached = defaults;
  }
  return cached;
}
