/**
 * A transaction whose BEGIN fails gives its connection back to the pool
 * (server/db/pool.ts): drizzle's node-postgres transaction() sends BEGIN
 * outside the try that releases the client, so without the wrapper the
 * client stays checked out for good. A pool of a client whose every
 * statement fails stands for a connection that died while idle.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { releaseOnFailedBegin } from '../../../server/db/pool.js';

function deadConnection() {
  const released: unknown[] = [];
  const client = {
    query: async (..._args: unknown[]) => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    },
    release: (err?: unknown) => {
      released.push(err);
    },
  };
  // drizzle takes an instance of pg.Pool for a pool: this one hands out the dead client.
  class DeadPool extends pg.Pool {
    override connect = (async () => client) as unknown as pg.Pool['connect'];
  }
  return { client, released, pool: new DeadPool() };
}

describe('a transaction whose BEGIN fails', () => {
  it('is released with its error, once, and the caller gets the error', async () => {
    const { client, released, pool } = deadConnection();
    releaseOnFailedBegin(client as unknown as pg.PoolClient);
    const db = drizzle({ client: pool });
    await expect(db.transaction(async () => 'never')).rejects.toThrow();
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error);
  });

  it('stays checked out for good without the wrapper (the drizzle defect it works around)', async () => {
    const { released, pool } = deadConnection();
    const db = drizzle({ client: pool });
    await expect(db.transaction(async () => 'never')).rejects.toThrow();
    // When this fails, drizzle releases the client itself: server/db/pool.ts can go.
    expect(released).toHaveLength(0);
  });

  it('leaves every other statement as it was', async () => {
    const { client, released } = deadConnection();
    releaseOnFailedBegin(client as unknown as pg.PoolClient);
    await expect(client.query('select 1')).rejects.toThrow();
    expect(released).toHaveLength(0);
  });
});
