import { relative } from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, SystemLogLevel } from 'aws-cdk-lib/aws-lambda';
import { type ICommandHooks, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { bundleFaceEngineCommand } from '../face-engine-bundle';
import { nagArnRef } from '../nag';
import {
  bundleNeeds,
  lambdaBundleOptions,
  lambdaPlatformNpmFlags,
  lockedSpec,
  posixQuote,
} from '../native-modules';
import { repoPath, repoRoot } from '../paths';

export interface AppFunctionProps {
  /** Absolute path of the handler's entry file (exports `handler`). */
  readonly entry: string;
  /** @default - no description */
  readonly description?: string;
  /** @default Duration.seconds(10) — API routes; HTTP API gives up after 30 s anyway */
  readonly timeout?: Duration;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
  /** Plain, non-secret settings. Resource names go through the `bind*` helpers instead. @default - none */
  readonly environment?: Record<string, string>;
}

/** What a function may do with a table's items beyond reading them; each only when declared. */
export interface TableAccess {
  write?: boolean;
  delete?: boolean;
  /** Read the whole table: only the hourly ledger check, never a request path. */
  scan?: boolean;
}

const READ_ITEMS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
const WRITE_ITEMS = ['dynamodb:PutItem', 'dynamodb:UpdateItem'];
const DELETE_ITEMS = ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** The images bucket's object actions at each level of `FunctionAccess.bucket`, cumulative. */
const BUCKET_ACTIONS = {
  read: ['s3:GetObject'],
  // Tagging: a copy is stored tagged pending and untagged once what names it is stored.
  write: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging'],
  delete: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'],
} as const;
export type BucketAccess = keyof typeof BUCKET_ACTIONS;

/** What a presigned URL of a function at each level may do: a GET, and a PUT where it may write. */
const URL_ACTIONS = {
  read: ['s3:GetObject'],
  write: ['s3:GetObject', 's3:PutObject'],
  delete: ['s3:GetObject', 's3:PutObject'],
} as const satisfies Record<BucketAccess, readonly string[]>;

/**
 * Installs the native modules a bundle imports (e.g. sharp) into its `node_modules`, with the
 * Lambda platform's prebuilt binaries whatever machine synthesizes, then builds the face engine
 * beside a bundle that loads it (after the install, which would prune files it did not put
 * there). Import analysis runs only when this stack is being bundled, so tests that skip
 * bundling stay fast and offline.
 */
function installNativeModules(
  scope: Construct,
  entry: string,
  architecture: Architecture,
): ICommandHooks | undefined {
  if (!Stack.of(scope).bundlingRequired) return undefined;
  const { modules, faceEngine } = bundleNeeds(entry);
  if (modules.length === 0 && !faceEngine) return undefined;
  // The CDK runs these hooks with cmd on Windows, which reads neither the quoting nor the commands.
  if (process.platform === 'win32') {
    throw new Error('Bundling runs POSIX shell commands: synthesize and deploy from macOS, Linux or WSL');
  }
  const install = [
    'npm',
    'install',
    '--no-save',
    '--no-package-lock',
    '--omit=dev',
    ...lambdaPlatformNpmFlags(architecture),
  ];
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) => [
      ...(modules.length > 0
        ? [
            [...install, '--prefix', posixQuote(outputDir), ...modules.map((name) => lockedSpec(name))].join(
              ' ',
            ),
          ]
        : []),
      ...(faceEngine ? [bundleFaceEngineCommand(outputDir)] : []),
    ],
  };
}

/** Every function runs on Graviton; the native modules installed beside a bundle follow it. */
const ARCHITECTURE = Architecture.ARM_64;

/**
 * A Lambda function with the house defaults: Node.js 22 on arm64, one minified ESM bundle
 * with source maps, JSON logs into a log group with retention. Resources are attached with
 * the `bind*` helpers, which grant the permission and set the env var in one call so the
 * two cannot drift apart.
 */
export class AppFunction extends NodejsFunction {
  private readonly boundEnv = new Map<string, string>();

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
    });
    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      loggingFormat: LoggingFormat.JSON,
      systemLogLevelV2: SystemLogLevel.WARN,
      logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: repoPath('package-lock.json'),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        format: OutputFormat.ESM,
        target: lambdaBundleOptions.target,
        mainFields: lambdaBundleOptions.mainFields,
        minify: lambdaBundleOptions.minify,
        sourceMap: true,
        sourcesContent: false,
        banner: lambdaBundleOptions.banner.js,
        tsconfig: lambdaBundleOptions.tsconfig,
        // The AWS SDK is bundled like everything else (see lambdaBundleOptions); only modules
        // that cannot be bundled stay out, installed beside the bundle.
        bundleAwsSDK: true,
        externalModules: lambdaBundleOptions.external,
        esbuildArgs: {
          ...Object.fromEntries(
            Object.entries(lambdaBundleOptions.supported).map(([feature, on]) => [
              `--supported:${feature}`,
              String(on),
            ]),
          ),
          // Relative to the project root, where the CDK runs esbuild (a path inside it either way).
          ...Object.fromEntries(
            Object.entries(lambdaBundleOptions.alias).map(([name, file]) => [
              `--alias:${name}`,
              `./${relative(repoRoot, file)}`,
            ]),
          ),
        },
        commandHooks: installNativeModules(scope, props.entry, ARCHITECTURE),
      },
    });
    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-L1',
        reason:
          'Pinned to Node.js 22 on purpose (the runtime the code is built and tested for); bump deliberately.',
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'AWSLambdaBasicExecutionRole only allows writing CloudWatch Logs, which every function needs.',
      },
    );
  }

  /**
   * Grants reading a table's items (and its indexes'), and what `access` adds, action by action
   * (no Scan or delete unless asked for), and passes the table's name in `envVar`.
   */
  bindTable(table: ITable, envVar: string, access: TableAccess = {}): this {
    this.setBoundEnv(envVar, table.tableName, table.node.path);
    table.grant(
      this,
      ...READ_ITEMS,
      ...(access.write ? WRITE_ITEMS : []),
      ...(access.delete ? DELETE_ITEMS : []),
      ...(access.scan ? ['dynamodb:Scan'] : []),
    );
    const tableArn = nagArnRef(table);
    if (tableArn) {
      Validations.of(this).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${tableArn}/index/*]`,
        reason: 'Queries use the indexes of this one table; the wildcard covers only its own index names.',
      });
    }
    return this;
  }

  /**
   * Grants the object actions of `access` on a bucket (what presigned URLs and image processing
   * need, nothing on the bucket itself) and passes its name in `envVar`.
   */
  bindBucket(bucket: IBucket, envVar: string, access: BucketAccess): this {
    this.setBoundEnv(envVar, bucket.bucketName, bucket.node.path);
    this.addToRolePolicy(
      new PolicyStatement({
        actions: [...BUCKET_ACTIONS[access]],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    bucket.encryptionKey?.grantEncryptDecrypt(this);
    const bucketArn = nagArnRef(bucket);
    if (bucketArn) {
      Validations.of(this).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/*]`,
        reason:
          'Object keys are per user and created at run time; handlers check ownership before signing a key.',
      });
    }
    return this;
  }

  /**
   * Gives the function a role of its own to sign the bucket's URLs with, allowed the URL actions of
   * `access` and nothing else, and passes its ARN in `envVar`. A URL stops working when the
   * credentials that signed it expire; the function's own come from the environment without their
   * expiry, while those of a role it assumes say when, so no URL it signs states a longer life.
   */
  bindUrlSigner(bucket: IBucket, envVar: string, access: BucketAccess): this {
    if (!this.role) throw new Error(`${this.node.path} has no role to assume a URL signer with`);
    const signer = new Role(this, 'UrlSigner', {
      assumedBy: this.role,
      description: `Signs the image URLs of ${this.node.id}`,
    });
    signer.addToPolicy(
      new PolicyStatement({ actions: [...URL_ACTIONS[access]], resources: [bucket.arnForObjects('*')] }),
    );
    signer.grantAssumeRole(this.role);
    bucket.encryptionKey?.grantEncryptDecrypt(signer);
    this.setBoundEnv(envVar, signer.roleArn, signer.node.path);
    const bucketArn = nagArnRef(bucket);
    if (bucketArn) {
      Validations.of(signer).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/*]`,
        reason:
          'It signs URLs for the same per-user keys as its function, which checks ownership before signing.',
      });
    }
    return this;
  }

  /**
   * Passes a queue's URL in `envVar` and grants `send` (SendMessage) or, to the function the queue
   * delivers to, `retry` (ChangeMessageVisibility, to bring a failed delivery back sooner).
   */
  bindQueue(queue: IQueue, envVar: string, access: 'send' | 'retry'): this {
    this.setBoundEnv(envVar, queue.queueUrl, queue.node.path);
    if (access === 'send') queue.grantSendMessages(this);
    else queue.grant(this, 'sqs:ChangeMessageVisibility');
    return this;
  }

  /** Grants read on a secret and passes its ARN (never its value) in `envVar`. */
  bindSecret(secret: ISecret, envVar: string): this {
    this.setBoundEnv(envVar, secret.secretArn, secret.node.path);
    secret.grantRead(this);
    return this;
  }

  private setBoundEnv(envVar: string, value: string, source: string): void {
    const previous = this.boundEnv.get(envVar);
    if (previous !== undefined && previous !== source) {
      throw new Error(`${this.node.path}: ${envVar} is already bound to ${previous}, cannot bind ${source}`);
    }
    this.boundEnv.set(envVar, source);
    this.addEnvironment(envVar, value);
  }
}
