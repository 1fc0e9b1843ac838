import { describe, expect, it } from 'vitest';
import { ConfigError, getRuntimeConfig, loadRuntimeConfig } from './runtime-config';

const respond = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

const local = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'local_abc123',
  userPoolClientId: 'client123',
  cognitoEndpoint: 'http://localhost:3000/cognito',
  authFlow: 'USER_PASSWORD_AUTH',
  apiBase: '',
};

// The loader caches the first valid config, so the failing cases run first.
describe('loadRuntimeConfig', () => {
  it('fails loudly when /config.json is missing', async () => {
    await expect(loadRuntimeConfig(respond({}, 404))).rejects.toThrow(
      'Could not load /config.json (HTTP 404)',
    );
  });

  it('names the invalid fields', async () => {
    const invalid = { ...local, authFlow: 'CUSTOM_AUTH', userPoolId: '' };
    await expect(loadRuntimeConfig(respond(invalid))).rejects.toThrow(ConfigError);
    await expect(loadRuntimeConfig(respond(invalid))).rejects.toThrow(/userPoolId, authFlow/);
    expect(() => getRuntimeConfig()).toThrow(ConfigError);
  });

  it('accepts a production config without a Cognito endpoint and keeps it', async () => {
    const { cognitoEndpoint: _omitted, ...production } = {
      ...local,
      stage: 'prod',
      authFlow: 'USER_SRP_AUTH',
    };
    const config = await loadRuntimeConfig(respond(production));
    expect(config.cognitoEndpoint).toBeUndefined();
    expect(getRuntimeConfig()).toBe(config);
  });
});
