/**
 * Edit Name on /settings, split from the profile card so the page shows the profile without
 * loading zod and react-hook-form (decision 1411): the card loads it when Edit Name is chosen.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { InvestorSettings } from '../../../../shared/settings/contracts';
import { type UpdateProfileRequest, updateProfileRequest } from '../../../../shared/settings/profile';
import { settingsMessages } from '../../../../shared/settings/settings-messages';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { settingsKeys, updateProfile } from '../api/settings-api';

export function NameForm({ settings, onDone }: { settings: InvestorSettings; onDone(saved: boolean): void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateProfileRequest>({
    resolver: zodResolver(updateProfileRequest),
    defaultValues: { first_name: settings.first_name ?? '', last_name: settings.last_name ?? '' },
    mode: 'onTouched',
  });
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.settings });
      onDone(true);
    },
  });
  return (
    <form className="name-form" noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
      {save.isError ? (
        <Alert tone="error" title={settingsMessages.failedToUpdateProfile}>
          {save.error.message}
        </Alert>
      ) : null}
      <div className="name-form-fields">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </div>
      <div className="row">
        <Button type="submit" size="sm" isBusy={save.isPending}>
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onDone(false)} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
