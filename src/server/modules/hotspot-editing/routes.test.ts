import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HotspotListResponse } from '../../../shared/pages/hotspots';
import { pageHotspots } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';

let testApp: TestApp;
let operations: SignedInAdmin;

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  operations = await signInTestAdmin(testApp, 'operations');
});

async function hotspotsOf(page: string): Promise<HotspotListResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/pages/${page}/hotspots` });
  return response.json() as HotspotListResponse;
}

function save(page: string, hotspots: unknown[]) {
  return testApp.app.inject({
    method: 'PUT',
    url: `/api/admin/pages/${page}/hotspots`,
    headers: operations.headers,
    payload: { hotspots },
  });
}

describe('saving hotspot positions', () => {
  it('stores the new positions (two decimals) for visitors and records who moved them', async () => {
    const before = await hotspotsOf('abouttemp');
    const [first, second] = before.hotspots;
    const response = await save('abouttemp', [
      { id: first!.id, top: 10.126, left: 0, width: 30.5, height: 12 },
      { id: second!.id, top: 95, left: 95, width: 2, height: 1 },
    ]);
    expect(response.statusCode).toBe(200);
    const after = await hotspotsOf('abouttemp');
    expect(
      after.hotspots.map(({ id, top, left, width, height }) => ({ id, top, left, width, height })),
    ).toEqual([
      { id: first!.id, top: 10.13, left: 0, width: 30.5, height: 12 },
      { id: second!.id, top: 95, left: 95, width: 2, height: 1 },
    ]);
    expect(response.json()).toEqual(after);
    const rows = await testApp.database.db.select().from(pageHotspots);
    expect(
      rows
        .filter((row) => row.updatedBy === operations.id)
        .map((row) => row.id)
        .sort(),
    ).toEqual([first!.id, second!.id].sort());
  });

  it("refuses positions outside the spec's limits and changes nothing", async () => {
    const before = await hotspotsOf('custom-page-1');
    const id = before.hotspots[0]!.id;
    for (const position of [
      { top: 96, left: 0, width: 10, height: 10 },
      { top: 0, left: -1, width: 10, height: 10 },
      { top: 0, left: 0, width: 1.5, height: 10 },
      { top: 0, left: 0, width: 91, height: 10 },
      { top: 0, left: 0, width: 10, height: 0.5 },
      { top: 0, left: 0, width: 10, height: 81 },
    ]) {
      const response = await save('custom-page-1', [{ id, ...position }]);
      expect(response.statusCode, JSON.stringify(position)).toBe(400);
    }
    expect(await hotspotsOf('custom-page-1')).toEqual(before);
  });

  it("refuses another page's hotspot, a repeated id and an unknown page", async () => {
    const other = (await hotspotsOf('custom-page-2')).hotspots[0]!;
    const own = (await hotspotsOf('custom-page-1')).hotspots[0]!;
    const foreign = await save('custom-page-1', [{ id: other.id, top: 1, left: 1, width: 10, height: 10 }]);
    expect(foreign.statusCode).toBe(400);
    expect((foreign.json() as { error: { message: string } }).error.message).toBe(
      `Hotspot ${other.id} is not on this page`,
    );
    const repeated = await save('custom-page-1', [
      { id: own.id, top: 1, left: 1, width: 10, height: 10 },
      { id: own.id, top: 2, left: 2, width: 10, height: 10 },
    ]);
    expect(repeated.statusCode).toBe(400);
    expect((await save('faq', [{ id: own.id, top: 1, left: 1, width: 10, height: 10 }])).statusCode).toBe(
      400,
    );
    expect((await hotspotsOf('custom-page-2')).hotspots[0]).toEqual(other);
  });
});
