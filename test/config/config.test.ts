import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

describe('Configuration', () => {
  it('PUBLIC_BASE_URL follows HOST and PORT unless set', () => {
    expect(loadConfig({}).publicBaseUrl).toBe('http://127.0.0.1:3000/api/v1');
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://127.0.0.1:8080/api/v1');
    expect(loadConfig({ HOST: 'study.lan', PORT: '80' }).publicBaseUrl).toBe('http://study.lan:80/api/v1');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '3001' }).publicBaseUrl).toBe('http://localhost:3001/api/v1');
    expect(loadConfig({ HOST: '::1', PORT: '3001' }).publicBaseUrl).toBe('http://[::1]:3001/api/v1');
    const set = loadConfig({ PORT: '8080', PUBLIC_BASE_URL: 'https://study.example.org/api/v1/' });
    expect(set.publicBaseUrl).toBe('https://study.example.org/api/v1');
    expect(set.publicBaseUrlSet).toBe(true);
    expect(loadConfig({ PORT: '8080' }).webAppUrl).toBe('http://127.0.0.1:8080');
  });

  it('every boolean setting takes true/false/1/0 and stops on anything else', () => {
    for (const key of ['RUN_TICKS', 'CREATE_DEMO_ACCOUNT', 'COMPAT_V2_MOUNT'] as const) {
      expect(() => loadConfig({ [key]: 'yes' })).toThrow(new ConfigError(`${key} must be true or false (got "yes").`));
      expect(() => loadConfig({ [key]: 'on' })).toThrow(ConfigError);
    }
    expect(loadConfig({ RUN_TICKS: 'TRUE' }).runTicks).toBe(true);
    expect(loadConfig({ RUN_TICKS: '0' }).runTicks).toBe(false);
    expect(loadConfig({}).runTicks).toBe(false);
    expect(loadConfig({}).createDemoAccount).toBe(true);
    expect(loadConfig({ CREATE_DEMO_ACCOUNT: 'false' }).createDemoAccount).toBe(false);
  });

  it('TRUST_PROXY is off, on, a hop count, or addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8,fd00::/8');
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be false, true, a hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
  });

  it('SHUTDOWN_TIMEOUT_SECONDS and METRICS_TOKEN', () => {
    expect(loadConfig({}).shutdownTimeoutSeconds).toBe(10);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutSeconds).toBe(30);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: ' s3cret ' }).metricsToken).toBe('s3cret');
  });
});
