import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { signInTestAdmin } from '../admin-auth/admin-test-helpers';

const token = 'metrics-token-for-the-test-0123456789abcdef';
let testApp: TestApp;

function scrape(authorization?: string) {
  return testApp.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });
}

beforeAll(async () => {
  testApp = await createTestApp({ env: { METRICS_TOKEN: token } });
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

describe('GET /metrics', () => {
  it('answers 404 without the bearer token or with a wrong one', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape('Bearer wrong-token')).statusCode).toBe(404);
    expect((await scrape(token)).statusCode).toBe(404);
  });

  it('counts requests by route pattern, never the raw URL, with latency histograms', async () => {
    const admin = await signInTestAdmin(testApp, 'support');
    const unknownId = '00000000-0000-4000-8000-000000000001';
    await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/investors/${unknownId}`,
      headers: admin.headers,
    });
    const response = await scrape(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /steadyline_http_requests_total\{method="GET",route="\/api\/admin\/investors\/:id",status_code="404"\} 1/,
    );
    expect(response.body).toContain('steadyline_http_request_duration_seconds_bucket{le="0.005"');
    expect(response.body).not.toContain(unknownId);
  });

  it('reports job runs, payment states, campaign progress and the database pool', async () => {
    const admin = await signInTestAdmin(testApp, 'operations');
    const jobs = await testApp.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: admin.headers });
    const job = (jobs.json() as { jobs: { id: string; functionName: string }[] }).jobs.find(
      (row) => row.functionName === 'cleanup-expired-auth',
    );
    const run = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/cleanup-expired-auth',
      headers: admin.headers,
      payload: { jobId: job?.id, executionDate: testApp.clock.today() },
    });
    expect(run.statusCode, run.body).toBe(200);
    const body = (await scrape(`Bearer ${token}`)).body;
    expect(body).toMatch(
      /steadyline_job_runs_total\{function_name="cleanup-expired-auth",outcome="completed"\} 1/,
    );
    expect(body).toContain('steadyline_job_run_duration_seconds_count{function_name="cleanup-expired-auth"');
    expect(body).toContain('# TYPE steadyline_ach_payments gauge');
    expect(body).toContain('steadyline_campaign_messages{state="recipients"} 0');
    expect(body).toMatch(/steadyline_db_pool_connections\{state="max"\} \d+/);
    expect(body).toContain('steadyline_process_cpu_user_seconds_total');
  });
});
