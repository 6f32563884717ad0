/**
 * llama.cpp's own programs, built from source by scripts/build-llama-cpp.mjs (`npm run llama-cpp`,
 * ADR 055): llama-server, a real OpenAI-compatible server for the tests, and llama-bench, the
 * yardstick for node-llama-cpp's speed. The script is the one way to get them: it reuses a build
 * in the cache and builds on a machine that has none (minutes).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../src/config.ts';
import { freePort } from './test-services.ts';

const BUILD_SCRIPT = join(REPOSITORY_ROOT, 'scripts/build-llama-cpp.mjs');

export interface LlamaCppPrograms {
  server: string;
  bench: string;
}

/** The programs' paths, built first when the cache lacks them; throws with the script's reason. */
export function llamaCppPrograms(): LlamaCppPrograms {
  // The script's progress (stderr) shows in the test's output; its last stdout line is the folder.
  const result = spawnSync(process.execPath, [BUILD_SCRIPT], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`scripts/build-llama-cpp.mjs failed (exit ${result.status}): see its output`);
  }
  const folder = result.stdout.trim().split('\n').at(-1) ?? '';
  return { server: join(folder, 'llama-server'), bench: join(folder, 'llama-bench') };
}

export interface LlamaServer {
  /** The OpenAI-compatible base address, such as http://127.0.0.1:PORT/v1. */
  baseUrl: string;
  /** The server's own address, for its /health and /slots. */
  origin: string;
  child: ChildProcess;
  /** Everything the server has printed so far. */
  output: () => string;
  /**
   * The first match of `pattern` in what the server prints from character `from` of its output
   * on; rejects if the server exits first.
   */
  printed: (pattern: RegExp, from?: number) => Promise<RegExpExecArray>;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Ends the server (SIGKILL: as a crash would) and waits until it has gone. */
  kill: () => Promise<void>;
}

/**
 * Starts llama-server on a free port with `modelPath` under the name `alias`, and resolves once
 * its /health says the model is loaded. One slot and one thread: the tests ask one thing at a time
 * and share the machine.
 */
export async function startLlamaServer(
  program: string,
  modelPath: string,
  alias: string,
): Promise<LlamaServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    program,
    [
      ['--model', modelPath],
      ['--alias', alias],
      ['--host', '127.0.0.1'],
      ['--port', String(port)],
      ['--ctx-size', '2048'],
      ['--parallel', '1'],
      ['--threads', '1'],
      ['--threads-batch', '1'],
      ['--threads-http', '2'],
      ['--no-webui'],
      ['--slots'],
    ].flat(),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let gone = false;
  void exited.then(() => (gone = true));
  const server: LlamaServer = {
    baseUrl: `${origin}/v1`,
    origin,
    child,
    output: () => output,
    printed: async (pattern, from = 0) => {
      for (;;) {
        const match = pattern.exec(output.slice(from));
        if (match) return match;
        if (gone) throw new Error(`llama-server exited:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    exited,
    kill: async () => {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };
  // /health answers 503 while the model loads and 200 once it can serve; no time limit of its
  // own (the test's catches a hang), but a server that exits fails at once with what it said.
  while (!(await isHealthy(origin))) {
    if (gone) throw new Error(`llama-server exited before it was ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server;
}

async function isHealthy(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/health`)).ok;
  } catch {
    return false;
  }
}
