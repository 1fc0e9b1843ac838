import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { deliverToOutbox } from './outbox';

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

export async function startCognitoLocal(dataDir: string, port: number): Promise<CognitoLocal> {
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

  const endpoint = `http://localhost:${port}`;
  const logger = pino({ level: process.env.DEBUG ? 'debug' : 'warn' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: endpoint },
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
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server = await createServer(Router(services), logger, config.ServerConfig, services).start();
  const actualPort = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://localhost:${actualPort}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
