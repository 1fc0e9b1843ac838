declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs: string[] }[];
  }
  /** Where s3rver keeps buckets, objects and their settings (its filesystem store). */
  interface S3rverStore {
    /** A bucket's setting (`cors`, `website`...) or an object's (`acl`...), read from its file each time. */
    getSubresource(bucket: string, key: string | undefined, type: string): Promise<unknown>;
    putSubresource(bucket: string, key: string | undefined, resource: { type: string }): Promise<void>;
    deleteSubresource(bucket: string, key: string | undefined, type: string): Promise<void>;
  }
  /** A Koa application: the local cloud serves it through its storage gate, never on a port of its own. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Creates the configured buckets and their settings (what `run()` does before listening). */
    configureBuckets(): Promise<void>;
    /** Koa's request handler. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    logger: { close(): void };
    store: S3rverStore;
  }
}
