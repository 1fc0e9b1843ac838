declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs: string[] }[];
  }
  /** A Koa application: the local cloud serves it through its storage gate, never on a port of its own. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Creates the configured buckets and their settings (what `run()` does before listening). */
    configureBuckets(): Promise<void>;
    /** Koa's request handler. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    logger: { close(): void };
  }
}
