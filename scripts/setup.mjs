// The setup step of `npm install` (postinstall): makes a fresh Debian or Ubuntu machine ready to
// serve the site with local AI. It never fails the install: whatever it cannot do, it says in one
// clear line, and the site starts with the engines it has.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

function systemPackages() {
  return readFileSync(join(root, 'scripts/system-packages.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

function isInstalled(name) {
  return spawnSync('dpkg-query', ['-W', '-f=${Status}', name], {
    encoding: 'utf8',
  }).stdout?.includes('install ok installed');
}

function installSystemPackages() {
  if (process.platform !== 'linux' || spawnSync('which', ['dpkg-query']).status !== 0) {
    console.log(
      '[setup] Not a Debian or Ubuntu machine: install ffmpeg, festival, flite, espeak-ng and pocketsphinx with your package manager.',
    );
    return;
  }
  const missing = systemPackages().filter((name) => !isInstalled(name));
  if (missing.length === 0) {
    console.log('[setup] System packages: all present.');
    return;
  }
  const command = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || process.env.SETUP_SKIP_SYSTEM_PACKAGES === 'true') {
    console.log(
      `[setup] Missing system packages. Install them with: sudo apt-get update && sudo ${command}`,
    );
    return;
  }
  console.log(`[setup] Installing system packages: ${missing.join(' ')}`);
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env: environment });
  const result = spawnSync('sh', ['-c', command], { stdio: 'inherit', env: environment });
  if (result.status !== 0) {
    console.log(`[setup] Could not install the system packages. Run: apt-get update && ${command}`);
  }
}

function downloadModels() {
  const script = join(root, 'packages/server/scripts/models.ts');
  if (!existsSync(script)) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, '--if-missing'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) {
    console.log(
      '[setup] Model download did not complete: the site starts with the engines it has. Retry later with: npm run models',
    );
  }
}

try {
  installSystemPackages();
  downloadModels();
} catch (error) {
  console.log(`[setup] ${error instanceof Error ? error.message : error}: the install goes on.`);
}
