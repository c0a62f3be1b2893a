import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TOKEN_HEADER } from '../../../../shared/admin/auth-messages';
import type {
  CoverageCheck,
  LiquidityOverviewResponse,
  LiquiditySettings,
  RecordCashPositionRequest,
} from '../../../../shared/liquidity/liquidity-contracts';
import { adminRequest } from '../../../lib/admin-api';
import { adminToken } from '../../../lib/admin-session';

export function useLiquidity() {
  return useQuery({
    queryKey: ['admin', 'liquidity'],
    queryFn: ({ signal }) => adminRequest<LiquidityOverviewResponse>('/api/admin/liquidity', { signal }),
  });
}

/** The banner's alert: read on every admin page, refreshed every few minutes. */
export function useLiquidityAlert(isAllowed: boolean) {
  return useQuery({
    queryKey: ['admin', 'liquidity-alert'],
    queryFn: ({ signal }) =>
      adminRequest<{ alert: CoverageCheck | null }>('/api/admin/liquidity/alert', { signal }),
    enabled: isAllowed,
    refetchInterval: 300_000,
  });
}

function useLiquidityMutation<Input, Output = unknown>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useRecordCash() {
  return useLiquidityMutation((body: RecordCashPositionRequest) =>
    adminRequest('/api/admin/liquidity/cash-positions', { method: 'POST', body }),
  );
}

export function useImportCash() {
  return useLiquidityMutation((csv: string) =>
    adminRequest<{ positions: unknown[] }>('/api/admin/liquidity/cash-positions/import', {
      method: 'POST',
      body: { csv },
    }),
  );
}

export function useDecideCash() {
  return useLiquidityMutation(({ id, reason }: { id: string; reason?: string }) =>
    adminRequest(`/api/admin/liquidity/cash-positions/${id}/${reason === undefined ? 'approve' : 'reject'}`, {
      method: 'POST',
      ...(reason === undefined ? {} : { body: { reason } }),
    }),
  );
}

export function useSaveSettings() {
  return useLiquidityMutation((body: LiquiditySettings) =>
    adminRequest('/api/admin/liquidity/settings', { method: 'PUT', body }),
  );
}

export function useAcknowledge() {
  return useLiquidityMutation(({ id, note }: { id: string; note: string }) =>
    adminRequest(`/api/admin/liquidity/checks/${id}/acknowledge`, {
      method: 'POST',
      body: note ? { note } : {},
    }),
  );
}

/** The CSV needs the CSRF header a plain link cannot send: fetched, then handed over as a download. */
export async function downloadForecastCsv(view: 'months' | 'weeks', today: string): Promise<string | null> {
  const response = await fetch(`/api/admin/liquidity/forecast.csv?view=${view}`, {
    credentials: 'same-origin',
    headers: { [ADMIN_TOKEN_HEADER]: adminToken() ?? '' },
  });
  if (!response.ok) return 'The CSV could not be downloaded. Try again.';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `liquidity-forecast-${view}-${today}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
  return null;
}
