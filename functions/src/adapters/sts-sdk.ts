/**
 * The part of the STS SDK the URL signer uses, loaded with import() on its first signing (see
 * s3-sdk.ts for why the SDK's package is not named there).
 */
export { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
