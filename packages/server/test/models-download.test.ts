/**
 * The model downloader against a loopback HTTP server serving small files: a good download with
 * progress, resume after a broken connection, a wrong checksum, a 404, pinning a sha256 at the
 * first download, an archive, and the `npm run models` command itself.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { downloadModels, type DownloadProgress } from '../src/models/download.ts';
import type { ModelFile } from '../src/models/manifest.ts';

const good = randomBytes(300_000);
const other = randomBytes(50_000);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const scratch = mkdtempSync(join(tmpdir(), 'models-download-'));
const archiveSource = join(scratch, 'archive-source');
mkdirSync(join(archiveSource, 'voice'), { recursive: true });
writeFileSync(join(archiveSource, 'voice', 'model.onnx'), 'voice bytes');
spawnSync('tar', ['-cjf', join(scratch, 'voice.tar.bz2'), '-C', archiveSource, 'voice']);
const archive = readFileSync(join(scratch, 'voice.tar.bz2'));

/** Paths served; `/cut/...` sends half the file and then drops the connection on the first try. */
const requests: IncomingMessage[] = [];
let server: Server;
let baseUrl: string;
let cutsLeft = 0;

function serve(request: IncomingMessage, response: import('node:http').ServerResponse) {
  requests.push(request);
  const path = request.url ?? '';
  const body = path.endsWith('.tar.bz2')
    ? archive
    : path.includes('/missing')
      ? undefined
      : path.includes('/other')
        ? other
        : good;
  if (!body) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const range = /bytes=(\d+)-/.exec(request.headers.range ?? '');
  const start = range ? Number(range[1]) : 0;
  const part = body.subarray(start);
  response.writeHead(range ? 206 : 200, {
    'content-length': String(part.length),
    ...(range ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
  });
  if (path.startsWith('/cut/') && cutsLeft > 0) {
    cutsLeft -= 1;
    response.write(part.subarray(0, Math.floor(part.length / 2)), () => {
      setTimeout(() => request.socket.destroy(), 20);
    });
    return;
  }
  response.end(part);
}

function modelFile(path: string, url: string, sha: string | null, bytes = good.length): ModelFile {
  return {
    role: 'text',
    path,
    url: `https://models.example.org${url}`,
    sha256: sha,
    bytes,
    bytesAreExact: true,
    licence: 'MIT',
    recommended: true,
  };
}

function freshDir() {
  return mkdtempSync(join(scratch, 'models-'));
}

before(async () => {
  server = createServer(serve);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  rmSync(scratch, { recursive: true, force: true });
});

describe('downloadModels', () => {
  test('downloads a file, reports progress and verifies it', async () => {
    const modelsDir = freshDir();
    const progress: DownloadProgress[] = [];
    const outcomes = await downloadModels({
      modelsDir,
      files: [modelFile('llm/good.gguf', '/org/good.gguf', sha256(good))],
      baseUrl,
      onProgress: (event) => progress.push({ ...event }),
    });
    assert.deepEqual(outcomes, [{ path: 'llm/good.gguf', result: 'downloaded' }]);
    assert.deepEqual(readFileSync(join(modelsDir, 'llm/good.gguf')), good);
    assert.equal(existsSync(join(modelsDir, 'llm/good.gguf.part')), false);
    assert.ok(progress.length >= 2, 'progress is reported while the file arrives');
    assert.deepEqual(progress.at(-1), {
      file: progress[0]!.file,
      receivedBytes: good.length,
      totalBytes: good.length,
    });

    // A second run finds the verified file and fetches nothing.
    const before = requests.length;
    const again = await downloadModels({
      modelsDir,
      files: [modelFile('llm/good.gguf', '/org/good.gguf', sha256(good))],
      baseUrl,
    });
    assert.deepEqual(again, [{ path: 'llm/good.gguf', result: 'present' }]);
    assert.equal(requests.length, before);
  });

  test('resumes with an HTTP Range request after the server cuts the stream halfway', async () => {
    const modelsDir = freshDir();
    cutsLeft = 1;
    const logged: string[] = [];
    const firstRequest = requests.length;
    const outcomes = await downloadModels({
      modelsDir,
      files: [modelFile('llm/cut.gguf', '/cut/good.gguf', sha256(good))],
      baseUrl,
      log: (line) => logged.push(line),
    });
    assert.deepEqual(outcomes, [{ path: 'llm/cut.gguf', result: 'downloaded' }]);
    assert.deepEqual(readFileSync(join(modelsDir, 'llm/cut.gguf')), good);
    const made = requests.slice(firstRequest);
    assert.equal(made.length, 2);
    assert.equal(made[0]!.headers.range, undefined);
    const resumedFrom = Number(/bytes=(\d+)-/.exec(made[1]!.headers.range ?? '')?.[1]);
    assert.ok(resumedFrom > 0 && resumedFrom < good.length, `resumed from ${resumedFrom}`);
    assert.match(logged.join('\n'), /connection (broke|closed).*Resuming/);
  });

  test('resumes a .part file left by an earlier run', async () => {
    const modelsDir = freshDir();
    mkdirSync(join(modelsDir, 'llm'));
    writeFileSync(join(modelsDir, 'llm/left.gguf.part'), good.subarray(0, 1000));
    const firstRequest = requests.length;
    const outcomes = await downloadModels({
      modelsDir,
      files: [modelFile('llm/left.gguf', '/org/good.gguf', sha256(good))],
      baseUrl,
    });
    assert.deepEqual(outcomes, [{ path: 'llm/left.gguf', result: 'downloaded' }]);
    assert.equal(requests[firstRequest]!.headers.range, 'bytes=1000-');
    assert.deepEqual(readFileSync(join(modelsDir, 'llm/left.gguf')), good);
  });

  test('rejects and removes a file with the wrong checksum, with a clear message', async () => {
    const modelsDir = freshDir();
    const wrong = '0'.repeat(64);
    const [outcome] = await downloadModels({
      modelsDir,
      files: [modelFile('llm/bad.gguf', '/org/good.gguf', wrong)],
      baseUrl,
    });
    assert.equal(outcome!.result, 'failed');
    assert.equal(
      outcome!.result === 'failed' && outcome!.reason,
      `sha256 mismatch (expected ${wrong}, got ${sha256(good)}): the file was removed. Retry with: npm run models`,
    );
    assert.equal(existsSync(join(modelsDir, 'llm/bad.gguf')), false);
    assert.equal(existsSync(join(modelsDir, 'llm/bad.gguf.part')), false);
  });

  test('reports a 404 in one line and goes on with the next file', async () => {
    const modelsDir = freshDir();
    const outcomes = await downloadModels({
      modelsDir,
      files: [
        modelFile('llm/missing.gguf', '/org/missing.gguf', sha256(good)),
        modelFile('llm/next.gguf', '/org/good.gguf', sha256(good)),
      ],
      baseUrl,
    });
    assert.equal(outcomes[0]!.result, 'failed');
    const reason = outcomes[0]!.result === 'failed' ? outcomes[0]!.reason : '';
    assert.match(reason, /^HTTP 404 Not Found from http:\/\/127\.0\.0\.1:\d+\/org\/missing\.gguf/);
    assert.equal(reason.includes('\n'), false);
    assert.deepEqual(outcomes[1], { path: 'llm/next.gguf', result: 'downloaded' });
  });

  test('pins the sha256 of a file the manifest has none for, and checks it later', async () => {
    const modelsDir = freshDir();
    const file = modelFile('stt/tokens.txt', '/org/other.txt', null, other.length);
    assert.deepEqual(await downloadModels({ modelsDir, files: [file], baseUrl }), [
      { path: 'stt/tokens.txt', result: 'downloaded' },
    ]);
    const pinned = readFileSync(join(modelsDir, 'stt/tokens.txt.sha256'), 'utf8').trim();
    assert.equal(pinned, sha256(other));

    // A changed file no longer matches its pin: it is fetched again.
    writeFileSync(join(modelsDir, 'stt/tokens.txt'), 'tampered');
    const firstRequest = requests.length;
    assert.deepEqual(await downloadModels({ modelsDir, files: [file], baseUrl }), [
      { path: 'stt/tokens.txt', result: 'downloaded' },
    ]);
    assert.equal(requests.length, firstRequest + 1);
    assert.deepEqual(readFileSync(join(modelsDir, 'stt/tokens.txt')), other);
  });

  test('unpacks an archive and removes it', async () => {
    const modelsDir = freshDir();
    const file: ModelFile = {
      ...modelFile('tts/voice.tar.bz2', '/org/voice.tar.bz2', null, archive.length),
      role: 'speech',
      extractTo: 'tts',
      extractedMarker: 'tts/voice/model.onnx',
    };
    assert.deepEqual(await downloadModels({ modelsDir, files: [file], baseUrl }), [
      { path: 'tts/voice.tar.bz2', result: 'downloaded' },
    ]);
    assert.equal(readFileSync(join(modelsDir, 'tts/voice/model.onnx'), 'utf8'), 'voice bytes');
    assert.equal(existsSync(join(modelsDir, 'tts/voice.tar.bz2')), false);
    assert.deepEqual(await downloadModels({ modelsDir, files: [file], baseUrl }), [
      { path: 'tts/voice.tar.bz2', result: 'present' },
    ]);
  });

  test('refuses at once when the disk has too little free space', async () => {
    const modelsDir = freshDir();
    const huge = { ...modelFile('llm/huge.gguf', '/org/good.gguf', null), bytes: 2 ** 60 };
    const firstRequest = requests.length;
    const [outcome] = await downloadModels({ modelsDir, files: [huge], baseUrl });
    assert.equal(outcome!.result, 'failed');
    assert.match(
      outcome!.result === 'failed' ? outcome!.reason : '',
      /^Not enough free disk space/,
    );
    assert.equal(requests.length, firstRequest);
  });

  test('fails fast when the server cannot be reached, and skips the rest', async () => {
    const modelsDir = freshDir();
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((done) => closed.close(done));
    const started = Date.now();
    const outcomes = await downloadModels({
      modelsDir,
      files: [
        modelFile('llm/a.gguf', '/org/good.gguf', sha256(good)),
        modelFile('llm/b.gguf', '/org/good.gguf', sha256(good)),
      ],
      baseUrl: deadUrl,
    });
    assert.ok(Date.now() - started < 10_000);
    const reasons = outcomes.map((outcome) => (outcome.result === 'failed' ? outcome.reason : ''));
    assert.match(reasons[0]!, /^could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    assert.equal(reasons[1], `not tried: ${reasons[0]}`);
  });
});

describe('npm run models', () => {
  const script = resolve(import.meta.dirname, '../scripts/models.ts');

  function runModels(arguments_: string[], environment: Record<string, string>) {
    return new Promise<{ code: number | null; output: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', script, ...arguments_], {
        env: { ...process.env, ...environment },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (code) => done({ code, output }));
    });
  }

  test('a 404 upstream exits non-zero, naming the file', async () => {
    const modelsDir = freshDir();
    // The loopback server answers 404 to the real manifest's paths only under /missing.
    const { code, output } = await runModels(['--only', 'transcription'], {
      MODELS_DIR: modelsDir,
      MODELS_BASE_URL: `${baseUrl}/missing`,
    });
    assert.equal(code, 1);
    assert.match(
      output,
      /FAILED stt\/sherpa-onnx-whisper-tiny\/tiny-encoder\.int8\.onnx: HTTP 404/,
    );
  });

  test('--if-missing never fails the install: exit 0 and one line', async () => {
    const modelsDir = freshDir();
    const { code, output } = await runModels(['--if-missing', '--only', 'text'], {
      MODELS_DIR: modelsDir,
      MODELS_BASE_URL: `${baseUrl}/missing`,
    });
    assert.equal(code, 0);
    const lines = output.trim().split('\n');
    assert.equal(lines.length, 1, output);
    assert.match(lines[0]!, /could not be downloaded .*the site starts with the engines it has/);
  });

  test('rejects an unknown --only value with one clear line', async () => {
    const { code, output } = await runModels(['--only', 'video'], { MODELS_DIR: freshDir() });
    assert.equal(code, 1);
    assert.match(output, /--only takes text, speech, transcription; got "video"/);
  });
});
