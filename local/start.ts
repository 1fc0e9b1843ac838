import { existsSync } from 'node:fs';
import path from 'node:path';
import { SettingsError } from '../functions/src/lib/settings';
import { ensurePrerequisites, jdk, machine } from '../tools/test-prerequisites';
import { type LocalCloud, PortInUseError, repoRoot, startLocalCloud } from './cloud';
import { checkBackendSettings, localSettings } from './settings';
import { buildWebIfChanged } from './web-build';

/** `npm start`: the whole product on this machine, no AWS account, keys or internet. */
// The Lambdas run Node 22 in AWS; locally Node 20 is fine, so keep the SDKs' Node-version notices out of the terminal.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
const envFile = path.join(repoRoot, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

// Ctrl-C or a SIGTERM stops every service, whenever it comes: while starting, exiting ends
// DynamoDB Local too (its launcher exits with this process); once running, a clean stop.
let cloud: LocalCloud | undefined;
let stopping = false;
const shutdown = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  if (!cloud) process.exit(signal === 'SIGINT' ? 130 : 143);
  console.log('\n  Stopping the local cloud...');
  await cloud.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
// npm passes a SIGTERM to the shell running the script, which does not pass it on: when the
// process that started this one is gone, for that or any reason, stop as if signalled.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown('SIGTERM');
}, 250).unref();

// `npm start` on a fresh machine: DynamoDB Local needs a JDK, installed here as `npm test` does.
if (
  process.argv.includes('--prerequisites') &&
  !ensurePrerequisites({ ...machine(), prerequisites: [jdk] })
) {
  process.exit(1);
}

try {
  checkBackendSettings();
  // `npm start` rebuilds the web app first, only when one of its inputs changed.
  if (process.argv.includes('--build-web') && (await buildWebIfChanged(repoRoot)) === 'current') {
    console.log('  The web app is built and unchanged since; not rebuilding it.');
  }
  const port = localSettings().PORT;
  const dataDir = path.resolve(repoRoot, localSettings().DATA_DIR);
  cloud = await startLocalCloud({ port, host: localSettings().HOST, dataDir });
  console.log(`
  Thumbnail Studio is running at ${cloud.url}

  Data:    ${cloud.dataDir}
  Mail:    sign-up codes are printed here and saved in ${path.join(cloud.dataDir, 'outbox')}
  Stop:    Ctrl-C
`);
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(`\n  ${error.message} Stop whatever uses it, or pick another: PORT=3001 npm start\n`);
  } else if (error instanceof SettingsError) {
    console.error(
      `\n  ${error.message}\n  Fix it in .env or the environment (a blank value means the default).\n`,
    );
  } else {
    console.error('\n  The local cloud could not start:', error);
  }
  process.exit(1);
}
