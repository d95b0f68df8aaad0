// s3rver ships no types; the little of it the storage contract test uses.
declare module "s3rver" {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string; configs: string[] }[] });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
