import { Agent } from "undici";

/**
 * Clients as they reach a real server: each machine from its own loopback address (Linux routes all
 * of 127.0.0.0/8 to the loopback), holding at most a browser's pool of connections at once. The
 * server allows each address MAX_CONNECTIONS_PER_CLIENT (connections.ts), so tests of many users
 * at once give each user a machine of their own rather than hundreds of sockets from one address.
 */
export class ClientMachines {
  private readonly agents = new Map<string, Agent>();

  constructor(private readonly connectionsEach = 16) {}

  /** The connection pool of the machine that `who` uses; the same one for the same `who`. */
  for(who: string): Agent {
    let agent = this.agents.get(who);
    if (!agent) {
      const n = this.agents.size;
      const address = `127.0.${Math.floor(n / 250) + 1}.${(n % 250) + 2}`;
      agent = new Agent({ localAddress: address, connections: this.connectionsEach });
      this.agents.set(who, agent);
    }
    return agent;
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((agent) => agent.close()));
    this.agents.clear();
  }
}
