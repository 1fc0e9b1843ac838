import { Aws, Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PENDING_TAG } from '../../../functions/src/adapters/blob-store';

export interface StorageProps {
  /** Deployment stage, part of the images bucket's name. */
  readonly stage: string;
  /**
   * What happens to both buckets and their objects when the stack is deleted: `DESTROY` empties
   * and deletes them; any other policy keeps them.
   * @default RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * Twelve hex digits of the stack's id, which CloudFormation draws anew each time a stack is
 * created: a name with it is stable across updates, and a retained bucket never holds the name
 * the next deploy of the same stage wants.
 */
const stackSuffix = (): string => Fn.select(4, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));

/**
 * The private images bucket (uploads, person-model images, generated thumbnails) and the
 * bucket that receives S3 and CloudFront access logs.
 */
export class Storage extends Construct {
  readonly imagesBucket: Bucket;
  /**
   * `https://` origin of the images bucket as the browser sees it (presigned URLs use the
   * regional virtual-hosted endpoint). Built from the bucket's name expression rather than a
   * reference to the bucket, so the CloudFront CSP can name it while the bucket's CORS
   * rule names the CloudFront origin without a dependency cycle.
   */
  readonly imagesOrigin: string;
  readonly accessLogsBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE;
    // A stage that does not keep its data empties its buckets on deletion, so it leaves nothing behind.
    const removal =
      removalPolicy === RemovalPolicy.DESTROY
        ? { removalPolicy, autoDeleteObjects: true }
        : { removalPolicy };

    this.accessLogsBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs, so the bucket must accept them.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      ...removal,
    });
    Validations.of(this.accessLogsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging it into itself would loop.',
    });

    // At most 17 + 10 + 8 + 12 = 47 characters, under S3's 63.
    const imagesBucketName = `thumbnail-studio-${props.stage}-images-${stackSuffix()}`;
    this.imagesOrigin = `https://${imagesBucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.imagesBucket = new Bucket(this, 'Images', {
      bucketName: imagesBucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'images/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Pending attachments (uploads, fetched video thumbnails) become references when sent; the rest expire.
        { prefix: 'uploads/', expiration: Duration.days(1) },
        // Copies of a creator's photos (references, model photos) stay tagged pending until the
        // message or model naming them is stored; one whose send or model failed expires.
        { tagFilters: { [PENDING_TAG.key]: PENDING_TAG.value }, expiration: Duration.days(1) },
      ],
      // Where data is kept, users' images outlive a stack deletion; remove them deliberately.
      ...removal,
    });
  }

  /**
   * Lets the SPA at `appOrigin` upload with presigned PUTs and read images with `fetch`
   * (downloads). The presigned signature, not CORS, is what authorizes each request.
   */
  allowBrowserAccessFrom(appOrigin: string): void {
    this.imagesBucket.addCorsRule({
      allowedOrigins: [appOrigin],
      allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }
}
