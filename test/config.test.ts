import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARS, loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBe(8787);
    expect(c.brand).toBe('svc');
    expect(c.keyPrefix).toBe('svc');
    expect(c.siteUrl).toBe('http://127.0.0.1:8787');
    expect(c.mcpAuth).toBe('key');
    expect(c.admin).toBeNull();
    expect(c.dataDir.endsWith('/shared/data')).toBe(true);
  });

  it('keeps the variable names operators rely on', () => {
    for (const name of ['HOST', 'PORT', 'SITE_BRAND', 'KEY_PREFIX', 'SITE_URL', 'SITE_DATA_DIR', 'DATA_DB', 'STATE_DB', 'ADMIN_USER', 'ADMIN_PASSWORD', 'DEV_USER', 'DEV_PASSWORD', 'LLM_API_URL', 'LLM_API_KEY', 'LLM_CHAT_MODEL', 'LLM_IMAGE_MODEL', 'MCP_AUTH']) {
      expect(Object.keys(ENV_VARS)).toContain(name);
    }
  });

  it('names every invalid variable in one message', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', MCP_AUTH: 'maybe', SITE_URL: 'not a url' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('PORT="eighty"');
    expect(message).toContain('MCP_AUTH="maybe"');
    expect(message).toContain('SITE_URL="not a url"');
  });

  it('requires administrator user and password together and never defaults them', () => {
    expect(() => loadConfig({ ADMIN_USER: 'root' })).toThrow(/ADMIN_USER and ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_USER: 'root', ADMIN_PASSWORD: 'pw' }).admin).toEqual({ user: 'root', password: 'pw' });
  });

  it('takes SITE_URL as the public address without a trailing slash', () => {
    expect(loadConfig({ SITE_URL: 'https://example.org/' }).siteUrl).toBe('https://example.org');
  });
});
