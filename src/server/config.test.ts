import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('starts with no configuration at all: demo mode on PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config.isDemoMode).toBe(true);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
    expect(config.BUSINESS_TZ).toBe('America/New_York');
    expect(config.BRAND_NAME).toBe('Steadyline');
    expect(config.fieldEncryptionKey).toHaveLength(32);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ BUSINESS_TZ: 'Mars/Olympus' }, 'BUSINESS_TZ'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ FIELD_ENCRYPTION_KEY: 'short' }, 'FIELD_ENCRYPTION_KEY'],
    [{ TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}` }, 'TWILIO_ACCOUNT_SID'],
    [{ NODE_ENV: 'production', APP_URL: 'https://example.com' }, 'FIELD_ENCRYPTION_KEY'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('refuses %o with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
  });

  it('turns demo data off in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://app.example.com',
      FIELD_ENCRYPTION_KEY: 'a'.repeat(64),
      DEMO_MODE: 'true',
    });
    expect(config.isProduction).toBe(true);
    expect(config.isDemoMode).toBe(false);
  });
});
