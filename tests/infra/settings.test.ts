import { App } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { readDeploySettings } from '../../infra/src/settings';
import { deployedFunctions, logicalId, type Resource, resourcesOf, synth } from './synth';

const settingsFrom = (context: Record<string, unknown>) => readDeploySettings(new App({ context }).node);
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d';

describe('deploy settings from CDK context', () => {
  it('reads every setting, from `-c` strings as from cdk.json values', () => {
    expect(
      settingsFrom({
        stage: 'prod',
        disposable: 'false',
        alarmEmail: 'ops@example.com',
        dashboard: 'true',
        sesFromEmail: 'noreply@studio.example.com',
        initialCredits: '5',
        maxModelsPerUser: '80',
        workerConcurrency: 10,
        providerCallsAtOnce: '30',
        generationsInFlight: '400',
        apiRateLimit: '100',
        apiBurstLimit: '300',
        logRetentionDays: '90',
        openaiImageModel: 'gpt-image-2',
        geminiImageModel: 'gemini-3.1-flash-image',
        offlineProvider: true,
        domainName: 'studio.example.com',
        certificateArn: CERTIFICATE,
      }),
    ).toMatchObject({
      stage: 'prod',
      disposable: false,
      alarmEmail: 'ops@example.com',
      dashboard: true,
      sesFromEmail: 'noreply@studio.example.com',
      initialCredits: 5,
      maxModelsPerUser: 80,
      workerConcurrency: 10,
      providerCallsAtOnce: 30,
      generationsInFlight: 400,
      apiRateLimit: 100,
      apiBurstLimit: 300,
      logRetention: RetentionDays.THREE_MONTHS,
      models: { openaiImageModel: 'gpt-image-2', geminiImageModel: 'gemini-3.1-flash-image' },
      offlineProvider: true,
      customDomain: { domainName: 'studio.example.com', certificateArn: CERTIFICATE },
    });
  });

  it('leaves unset and blank settings to the defaults', () => {
    expect(settingsFrom({ alarmEmail: '', initialCredits: ' ', sesFromEmail: '' })).toMatchObject({
      stage: 'dev',
      disposable: undefined,
      alarmEmail: undefined,
      dashboard: undefined,
      sesFromEmail: undefined,
      initialCredits: undefined,
      offlineProvider: undefined,
      customDomain: undefined,
    });
  });

  it.each([
    [{ initialCredits: '-1' }, /"initialCredits" must be a whole number from 0/],
    [{ initialCredits: '2.5' }, /"initialCredits" must be a whole number/],
    [{ maxModelsPerUser: '-5' }, /"maxModelsPerUser" must be a whole number from 0 to 10000/],
    [{ workerConcurrency: '1' }, /"workerConcurrency" must be a whole number from 2 to 1000/],
    [{ providerCallsAtOnce: '0' }, /"providerCallsAtOnce" must be a whole number from 1 to 10000/],
    [{ providerCallsAtOnce: '4' }, /"providerCallsAtOnce" must be at least workerConcurrency \(5\).*got 4/],
    [{ workerConcurrency: '20' }, /"providerCallsAtOnce" must be at least workerConcurrency \(20\).*got 10/],
    [{ apiRateLimit: 'fast' }, /"apiRateLimit" must be a whole number/],
    [{ generationsInFlight: '0' }, /"generationsInFlight" must be a whole number from 1 to 5000/],
    [{ generationsInFlight: '5001' }, /"generationsInFlight" must be a whole number from 1 to 5000/],
    [{ generationsInFlight: 'many' }, /"generationsInFlight" must be a whole number/],
    [{ logRetentionDays: '45' }, /"logRetentionDays" must be one of 1, 3, 5, 7/],
    [{ alarmEmail: 'ops' }, /"alarmEmail" must be an e-mail address, got "ops"/],
    [
      { sesFromEmail: 'noreply@localhost' },
      /"sesFromEmail" must be an e-mail address, got "noreply@localhost"/,
    ],
    [{ sesFromEmail: 'no reply@example.com' }, /"sesFromEmail" must be an e-mail address/],
    [{ disposable: 'yes' }, /"disposable" must be true or false/],
    // Its meaning was the opposite of `disposable`'s: refused, so an old command line cannot flip it.
    [{ protectData: 'true' }, /"protectData" is replaced by "disposable"/],
    [{ offlineProvider: 'yes' }, /"offlineProvider" must be true or false/],
    [{ dashboard: 'on' }, /"dashboard" must be true or false/],
    [{ openaiImageModel: 'gpt image' }, /"openaiImageModel" must be a model id/],
    [{ domainName: 'studio.example.com' }, /"domainName" and "certificateArn" go together/],
    [
      { domainName: 'studio.example.com', certificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-1') },
      /"certificateArn" must be the ARN of an ACM certificate in us-east-1/,
    ],
  ])('refuses %j with a message naming the setting', (context, message) => {
    expect(() => settingsFrom(context)).toThrow(message);
  });
});

describe('a stack built with settings', () => {
  const { stack, template } = synth({
    initialCredits: 7,
    maxModelsPerUser: 80,
    workerConcurrency: 12,
    providerCallsAtOnce: 24,
    apiRateLimit: 20,
    apiBurstLimit: 30,
    logRetention: RetentionDays.ONE_WEEK,
    models: { openaiImageModel: 'gpt-image-3', geminiClassifierModel: 'gemini-4-flash' },
    customDomain: { domainName: 'studio.example.com', certificateArn: CERTIFICATE },
  });
  const envOf = (construct: Parameters<typeof logicalId>[0]) =>
    ((resourcesOf(template, 'AWS::Lambda::Function')[logicalId(construct)] as Resource).Properties.Environment
      ?.Variables ?? {}) as Record<string, unknown>;

  it('gives every function the initial credits', () => {
    for (const { name, fn } of deployedFunctions(stack)) expect(envOf(fn).INITIAL_CREDITS, name).toBe('7');
  });

  it('gives the models function the cap on models, and no other function', () => {
    for (const { name, fn } of deployedFunctions(stack)) {
      expect(envOf(fn).MAX_MODELS_PER_USER, name).toBe(name === 'models' ? '80' : undefined);
    }
  });

  it('gives the worker the model ids that are set, and only those', () => {
    const env = envOf(stack.generation.worker);
    expect(env).toMatchObject({
      OPENAI_IMAGE_MODEL: 'gpt-image-3',
      GEMINI_CLASSIFIER_MODEL: 'gemini-4-flash',
    });
    expect(env.GEMINI_IMAGE_MODEL).toBeUndefined();
  });

  it('gives the messages function the classifier model ids that are set, for title ideas, and no image model', () => {
    const env = envOf(stack.api.functions.messages);
    expect(env.GEMINI_CLASSIFIER_MODEL).toBe('gemini-4-flash');
    expect(env.OPENAI_CLASSIFIER_MODEL).toBeUndefined();
    expect(env.OPENAI_IMAGE_MODEL).toBeUndefined();
  });

  it('runs at most the set number of workers', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      ScalingConfig: { MaximumConcurrency: 12 },
    });
  });

  it('tells the worker the provider calls at once and the workers that share them', () => {
    expect(envOf(stack.generation.worker)).toMatchObject({
      PROVIDER_CALLS_AT_ONCE: '24',
      WORKER_CONCURRENCY: '12',
    });
  });

  it('throttles the API as set', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 30 },
    });
  });

  it('keeps every log for the set time', () => {
    for (const [id, group] of Object.entries(resourcesOf(template, 'AWS::Logs::LogGroup'))) {
      if (id.startsWith('Custom')) continue; // the CDK's own site-deployment helper
      expect(group.Properties.RetentionInDays, id).toBe(7);
    }
  });

  it('serves the app on the custom domain with its certificate and TLS 1.2 at least', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['studio.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: CERTIFICATE,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
    expect(stack.web.appOrigin).toBe('https://studio.example.com');
    expect(template.findOutputs('DistributionDomainName')).not.toEqual({});
  });
});

describe('the offline provider in AWS', () => {
  // The messages function decides what is offered, and refuses a send when nothing is.
  const offlineSetting = ({ stack, template }: ReturnType<typeof synth>) =>
    (resourcesOf(template, 'AWS::Lambda::Function')[logicalId(stack.api.functions.messages)] as Resource)
      .Properties.Environment.Variables.OFFLINE_PROVIDER;

  it('is off unless the operator turns it on', () => {
    expect(offlineSetting(synth())).toBe('false');
    expect(offlineSetting(synth({ offlineProvider: true }))).toBe('true');
  });
});
