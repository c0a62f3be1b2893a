import { useState } from 'react';
import { nextRunTime } from '../../../../shared/jobs/cron-rules';
import { jobMessages, type ScheduledJobView } from '../../../../shared/jobs/job-contracts';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { Modal } from '../../../components/ui/modal';
import { useSetJobEnabled } from '../api/admin-job-queries';
import { formatInTimeZone } from '../job-time-format';

/** The confirmation before a job is enabled or disabled (admin spec 2, 4). */
export function JobToggleModal({
  job,
  timeZone,
  onClose,
}: {
  job: ScheduledJobView;
  timeZone: string;
  onClose(): void;
}) {
  const toggle = useSetJobEnabled();
  const [failure, setFailure] = useState<string | null>(null);
  const willEnable = !job.enabled;
  const nextRun = willEnable ? nextRunTime(job.scheduleCron, timeZone, new Date()) : null;

  const confirm = async () => {
    setFailure(null);
    try {
      await toggle.mutateAsync({ id: job.id, enabled: willEnable });
      onClose();
    } catch (error) {
      console.error(jobMessages.toggleFailed, error);
      setFailure(jobMessages.toggleFailed);
    }
  };

  return (
    <Modal
      title={willEnable ? 'Enable job?' : 'Disable job?'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={willEnable ? 'primary' : 'danger'} onClick={confirm} isBusy={toggle.isPending}>
            {willEnable ? 'Enable' : 'Disable'}
          </Button>
        </>
      }
    >
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {willEnable ? (
        <p>
          <strong>{job.name}</strong> will run on its schedule again
          {nextRun ? <>, next on {formatInTimeZone(nextRun, timeZone)}</> : null}. Runs missed while it was
          disabled are not made up.
        </p>
      ) : (
        <p>
          <strong>{job.name}</strong> will not run on its schedule until it is enabled again. A run in
          progress finishes; Run now still works.
        </p>
      )}
    </Modal>
  );
}
