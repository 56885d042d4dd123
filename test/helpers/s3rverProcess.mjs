/**
 * s3rver in a process of its own, for test/helpers/s3.ts. Not in the test's process because its
 * listings' continuation tokens use DES, which Node's OpenSSL 3 has only with
 * --openssl-legacy-provider (a flag a running process cannot take). Prints `{"port":N}` once it
 * listens; exits when its parent closes stdin (so a killed test run leaves no server behind).
 * Usage: node --openssl-legacy-provider s3rverProcess.mjs <directory> <bucket>
 */
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.stdin.on('end', stop).resume();
process.on('SIGTERM', stop);
