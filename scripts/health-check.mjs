#!/usr/bin/env node
/**
 * Exits 0 when the site's GET /api/health answers 200 with status "ok", 1 otherwise; used by
 * deploy/ai-content-tools-health.service to restart a server that no longer answers.
 * Usage: node scripts/health-check.mjs [URL] (default http://127.0.0.1:3000/api/health)
 * A few attempts, each bounded, so one slow moment under load does not restart the site.
 */
const url = process.argv[2] ?? 'http://127.0.0.1:3000/api/health';
const ATTEMPTS = 3;
const ATTEMPT_TIMEOUT_MS = 10_000;
const PAUSE_MS = 2000;

async function healthy() {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
    const body = await response.json();
    return response.status === 200 && body?.status === 'ok';
  } catch {
    return false;
  }
}

for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
  if (await healthy()) {
    console.log(`healthy: ${url}`);
    process.exit(0);
  }
  if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
}
console.error(`unhealthy: ${url} did not answer 200 with status "ok" in ${ATTEMPTS} attempts`);
process.exit(1);
