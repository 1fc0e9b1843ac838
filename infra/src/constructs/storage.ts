import { Aws, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface StorageProps {
  /** Deployment stage, part of the images bucket's name. */
  readonly stage: string;
}

/**
 * The private images bucket (uploads, person-model images, generated thumbnails) and the
 * bucket that receives S3 and CloudFront access logs.
 */
export class Storage extends Construct {
  readonly imagesBucket: Bucket;
  /**
   * `https://` origin of the images bucket as the browser sees it (presigned URLs use the
   * regional virtual-hosted endpoint). Built from the bucket's fixed name rather than a
   * reference to the bucket, so the CloudFront CSP can name it while the bucket's CORS
   * rule names the CloudFront origin without a dependency cycle.
   */
  readonly imagesOrigin: string;
  readonly accessLogsBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);

    this.accessLogsBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs, so the bucket must accept them.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.accessLogsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging it into itself would loop.',
    });

    const imagesBucketName = `thumbnail-studio-${props.stage}-images-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
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
      ],
      // Users' images outlive a stack deletion; remove them deliberately.
      removalPolicy: RemovalPolicy.RETAIN,
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
