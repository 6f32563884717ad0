/**
 * The workers a web process knows of: the live nodes of the Relay, each with the status it keeps as
 * a retained message (protocol.ts). Read again every WATCH_INTERVAL_MS, so the health answer, the
 * "no worker" refusals and the watch over a running job's worker never wait for Redis.
 */
import type { Relay } from 'bullmq';
import type { Capability, EngineStatus } from '@ai-tools/contracts';
import { SERVER_MESSAGES } from '@ai-tools/contracts';
import {
  LEASE_MS,
  WATCH_INTERVAL_MS,
  WORKER_TOPIC_PREFIX,
  type WorkerCapabilityStatus,
  type WorkerStatus,
} from './protocol.ts';

export class WorkerRegistry {
  private liveNodes = new Set<string>();
  /** When each node was last seen live, or first asked about before it was seen. */
  private readonly lastSeen = new Map<string, number>();
  private workers = new Map<string, WorkerStatus>();
  private readonly timer: NodeJS.Timeout;
  private refreshing?: Promise<void>;

  constructor(private readonly relay: Relay) {
    this.timer = setInterval(() => void this.refresh(), WATCH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Reads the nodes and their statuses; while Redis cannot answer, the last reading stands. */
  refresh(): Promise<void> {
    this.refreshing ??= this.read()
      .catch(() => {})
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async read() {
    const [nodes, retained] = await Promise.all([this.relay.getNodes(), this.relay.getRetained()]);
    const now = Date.now();
    this.liveNodes = new Set(nodes.filter((node) => node.leaseUntil > now).map((node) => node.id));
    for (const id of this.liveNodes) this.lastSeen.set(id, now);
    const workers = new Map<string, WorkerStatus>();
    for (const message of retained) {
      if (!message.topic.startsWith(WORKER_TOPIC_PREFIX)) continue;
      const id = message.topic.slice(WORKER_TOPIC_PREFIX.length);
      if (!this.liveNodes.has(id)) continue;
      try {
        workers.set(id, JSON.parse(message.data) as WorkerStatus);
      } catch {
        // A status this version cannot read: the worker counts as absent until it writes again.
      }
    }
    this.workers = workers;
  }

  /**
   * Whether a node (the worker running a job) still heartbeats: gone only once it has been missing
   * for a whole lease, as every node is for a moment after a Redis restart, until it registers again.
   */
  isAlive(nodeId: string): boolean {
    const now = Date.now();
    if (!this.lastSeen.has(nodeId)) this.lastSeen.set(nodeId, now);
    return now - this.lastSeen.get(nodeId)! < LEASE_MS;
  }

  /** Forgets a node once no job needs it. */
  forget(nodeId: string): void {
    this.lastSeen.delete(nodeId);
  }

  /** The workers that serve `capability`, with what each says of it. */
  servers(capability: Capability): WorkerCapabilityStatus[] {
    return [...this.workers.values()]
      .map((worker) => worker.capabilities[capability])
      .filter((status) => status !== undefined);
  }

  /** The capability's health as one engine status, with the workers behind it. */
  engineStatus(capability: Capability): EngineStatus {
    const servers = this.servers(capability);
    const workers = {
      count: servers.length,
      engines: [...new Set(servers.map((server) => server.engine.engine))],
      jobsRunning: servers.reduce((sum, server) => sum + server.jobsRunning, 0),
    };
    const ready = servers.find((server) => server.engine.ready);
    if (!ready) {
      return {
        engine: servers[0]?.engine.engine ?? 'AI workers',
        tier: servers[0]?.engine.tier ?? 'none',
        ready: false,
        detail: servers[0]?.engine.detail ?? SERVER_MESSAGES.noWorker(capability),
        workers,
      };
    }
    return { ...ready.engine, workers };
  }

  close(): void {
    clearInterval(this.timer);
  }
}
