import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { deliverToOutbox } from './outbox';
import { withResendConfirmationCode } from './resend';
import { decodeClaims, type SigningKey, signJwt } from './signing-key';

/**
 * cognito-local, started in this process so the mail it would send lands in
 * the local outbox instead of only its console. This mirrors its own
 * `createDefaultServer`, with our data folder and message sender.
 */
const require = createRequire(import.meta.url);
const lib = (name: string) => require(`cognito-local/lib/${name}`);
const cognitoRequire = createRequire(require.resolve('cognito-local/package.json'));

export interface CognitoLocal {
  endpoint: string;
  stop(): Promise<void>;
}

interface Message {
  __code?: string;
  emailSubject?: string;
}

export interface CognitoLocalOptions {
  dataDir: string;
  port: number;
  /** Tokens name `<issuerDomain>/<userPoolId>` as their issuer: fixed by the app's URL, not this port. */
  issuerDomain: string;
  /** The install's own key, which every token is signed with instead of cognito-local's public one. */
  signingKey: SigningKey;
}

type Tokens = Record<'AccessToken' | 'IdToken' | 'RefreshToken', string>;

export async function startCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const { dataDir, port, signingKey } = options;
  const pino = cognitoRequire('pino');
  const AWS = cognitoRequire('aws-sdk');
  const { DateClock, TriggersService, LambdaService, MessagesService } = lib('services');
  const { CognitoServiceFactoryImpl } = lib('services/cognitoService');
  const { CryptoService } = lib('services/crypto');
  const { StormDBDataStoreFactory } = lib('services/dataStore/stormDb');
  const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery');
  const { otp } = lib('services/otp');
  const { JwtTokenGenerator } = lib('services/tokenGenerator');
  const { UserPoolServiceFactoryImpl } = lib('services/userPoolService');
  const { Router } = lib('server/Router');
  const { createServer } = lib('server/server');
  const { DefaultConfig } = lib('server/config');
  const { UserNotFoundError } = lib('errors');

  const logger = pino({ level: process.env.DEBUG ? 'debug' : 'warn' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: options.issuerDomain },
    ServerConfig: { port, hostname: '127.0.0.1', development: false, https: false },
  };
  const dbDir = path.join(dataDir, 'cognito');
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig),
  );
  const outboxSender = {
    async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: Message) {
      await deliverToOutbox(dataDir, {
        to: destination,
        code: message.__code ?? '',
        subject: message.emailSubject,
        sent_at: new Date().toISOString(),
      });
    },
    async sendSms(_ctx: unknown, _user: unknown, destination: string, message: Message) {
      await deliverToOutbox(dataDir, {
        to: destination,
        code: message.__code ?? '',
        sent_at: new Date().toISOString(),
      });
    },
  };
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(outboxSender)),
    otp,
    tokenGenerator: resignedTokens(new JwtTokenGenerator(clock, triggers, config.TokenConfig), signingKey),
    triggers,
  };
  const router = withResendConfirmationCode(Router(services), services, () => new UserNotFoundError());
  const server = await createServer(router, logger, config.ServerConfig, services).start();
  const actualPort = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${actualPort}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * cognito-local's token generator, with each token signed again by the install's key (same
 * claims). cognito-local itself only decodes the tokens it is handed back (GetUser, refresh
 * tokens are looked up by value), so it keeps working with these.
 */
function resignedTokens(generator: { generate(...args: unknown[]): Promise<Tokens> }, key: SigningKey) {
  return {
    async generate(...args: unknown[]): Promise<Tokens> {
      const tokens = await generator.generate(...args);
      const resign = (token: string) => signJwt(decodeClaims(token), key);
      return {
        AccessToken: resign(tokens.AccessToken),
        IdToken: resign(tokens.IdToken),
        RefreshToken: resign(tokens.RefreshToken),
      };
    },
  };
}
