import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { jobDefaults } from '../../../../shared/jobs/cron-presets';
import {
  type JobFunctionView,
  jobInput,
  jobMessages,
  type ScheduledJobView,
  unknownFunctionMessage,
} from '../../../../shared/jobs/job-contracts';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useSaveJob } from '../api/admin-job-queries';
import { SchedulePicker } from './schedule-picker';

interface JobFormValues {
  name: string;
  description: string;
  functionName: string;
  scheduleCron: string;
  configuration: string;
}

function initialValues(job: ScheduledJobView | null): JobFormValues {
  if (!job) {
    return {
      name: '',
      description: '',
      functionName: jobDefaults.functionName,
      scheduleCron: jobDefaults.scheduleCron,
      configuration: '{}',
    };
  }
  return {
    name: job.name,
    description: job.description ?? '',
    functionName: job.functionName,
    scheduleCron: job.scheduleCron,
    configuration: JSON.stringify(job.configuration, null, 2),
  };
}

type ParsedConfiguration = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Spec 5: the configuration must parse as JSON; an empty box means no configuration. */
function parseConfiguration(text: string): ParsedConfiguration {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: jobMessages.invalidConfiguration };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: jobMessages.configurationNotObject };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export interface JobEditorModalProps {
  job: ScheduledJobView | null;
  functions: readonly JobFunctionView[];
  timeZone: string;
  onClose(): void;
  onSaved(job: ScheduledJobView, isNew: boolean): void;
}

/** Create New Job / Edit Job (admin spec 2, 5): errors in the red box at the top, nothing saved on a bad field. */
export function JobEditorModal({ job, functions, timeZone, onClose, onSaved }: JobEditorModalProps) {
  const save = useSaveJob();
  const functionListId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, watch } = useForm<JobFormValues>({
    defaultValues: initialValues(job),
  });
  const registeredNames = functions.map((definition) => definition.name);
  const functionName = watch('functionName').trim();
  const chosenFunction = functions.find((definition) => definition.name === functionName);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const configuration = parseConfiguration(values.configuration);
    if (!configuration.ok) {
      setFailure(configuration.message);
      return;
    }
    const parsed = jobInput.safeParse({
      name: values.name,
      description: values.description,
      functionName: values.functionName,
      scheduleCron: values.scheduleCron,
      configuration: configuration.value,
    });
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? jobMessages.saveFailed);
      return;
    }
    if (!registeredNames.includes(parsed.data.functionName)) {
      setFailure(unknownFunctionMessage(parsed.data.functionName, registeredNames));
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: job?.id ?? null, input: parsed.data });
      onSaved(saved.job, job === null);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
          ? error.message
          : jobMessages.saveFailed,
      );
    }
  });

  const isEditing = job !== null;
  return (
    <Modal
      title={isEditing ? 'Edit Job' : 'Create New Job'}
      onClose={onClose}
      wide
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="job-editor-form" isBusy={save.isPending}>
            {save.isPending ? 'Saving...' : isEditing ? 'Update Job' : 'Create Job'}
          </Button>
        </>
      }
    >
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form id="job-editor-form" className="job-editor" onSubmit={onSubmit} noValidate>
        <TextField label="Job Name" autoComplete="off" maxLength={120} {...register('name')} />
        <TextAreaField label="Description" rows={2} maxLength={1000} {...register('description')} />
        <TextField
          label="Edge Function Name"
          className="mono"
          list={functionListId}
          autoComplete="off"
          spellCheck={false}
          hint={
            chosenFunction
              ? chosenFunction.description
              : functionName
                ? `Not a registered function. Registered: ${registeredNames.join(', ')}`
                : `Registered: ${registeredNames.join(', ')}`
          }
          {...register('functionName')}
        />
        <datalist id={functionListId}>
          {functions.map((definition) => (
            <option key={definition.name} value={definition.name}>
              {definition.description}
            </option>
          ))}
        </datalist>
        <Controller
          control={control}
          name="scheduleCron"
          render={({ field }) => (
            <SchedulePicker value={field.value} onChange={field.onChange} timeZone={timeZone} />
          )}
        />
        <TextAreaField
          label="Configuration"
          className="mono"
          rows={8}
          spellCheck={false}
          hint={'A JSON object handed to the function on every run, for example {"batchSize": 500}.'}
          {...register('configuration')}
        />
      </form>
    </Modal>
  );
}
