import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  JobHistoryResponse,
  JobListResponse,
  ScheduledJobView,
  ValidJobInput,
} from '../../../../shared/jobs/job-contracts';
import type { JobRunRequest, JobRunResponse } from '../../../../shared/jobs/run-contracts';
import { adminRequest } from '../../../lib/admin-api';

const jobsKey = ['admin', 'jobs'] as const;

export function useJobList() {
  return useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => adminRequest<JobListResponse>('/api/admin/jobs', { signal }),
    // Next and last runs move on their own while the page is open.
    refetchInterval: 30_000,
  });
}

export function useJobHistory(jobId: string) {
  return useQuery({
    queryKey: [...jobsKey, jobId, 'history'],
    queryFn: ({ signal }) => adminRequest<JobHistoryResponse>(`/api/admin/jobs/${jobId}/history`, { signal }),
    staleTime: 0,
  });
}

function useJobMutation<Variables, Result>(run: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}

export function useSaveJob() {
  return useJobMutation((variables: { id: string | null; input: ValidJobInput }) =>
    variables.id
      ? adminRequest<{ job: ScheduledJobView }>(`/api/admin/jobs/${variables.id}`, {
          method: 'PUT',
          body: variables.input,
        })
      : adminRequest<{ job: ScheduledJobView }>('/api/admin/jobs', { method: 'POST', body: variables.input }),
  );
}

export function useSetJobEnabled() {
  return useJobMutation((variables: { id: string; enabled: boolean }) =>
    adminRequest<{ job: ScheduledJobView }>(`/api/admin/jobs/${variables.id}/enabled`, {
      method: 'PATCH',
      body: { enabled: variables.enabled },
    }),
  );
}

/** Run now: the job's own function path with {jobId, executionDate} (admin spec 7). */
export function useRunJob() {
  return useJobMutation((variables: { functionName: string; request: JobRunRequest }) =>
    adminRequest<JobRunResponse>(`/functions/v1/${variables.functionName}`, {
      method: 'POST',
      body: variables.request,
    }),
  );
}
