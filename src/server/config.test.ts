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

  it('seeds demo data only on the embedded database or when DEMO_MODE=true (PRODUCT.md 35)', () => {
    const databaseUrl = 'postgres://app@db.internal:5432/steadyline';
    expect(loadConfig({ DATABASE_URL: databaseUrl }).isDemoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'development' }).isDemoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: databaseUrl, DEMO_MODE: 'true' }).isDemoMode).toBe(true);
    expect(loadConfig({ DEMO_MODE: 'false' }).isDemoMode).toBe(false);
  });

  it('listens on 127.0.0.1 outside production unless HOST is set, on every interface in production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db.internal:5432/steadyline' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    const production = {
      NODE_ENV: 'production',
      APP_URL: 'https://app.example.com',
      FIELD_ENCRYPTION_KEY: 'a'.repeat(64),
    };
    expect(loadConfig(production).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
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
