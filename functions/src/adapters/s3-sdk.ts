/**
 * The parts of the S3 SDK the blob store uses. It loads this module with import(), and a
 * bundle keeps every export of what import() names: naming the SDK's package there would
 * carry all of its hundred-odd commands into every bundle.
 */
export {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
} from '@aws-sdk/client-s3';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
