import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ProfileView, SaveProfileInput } from '../../../shared/schemas';
import { ApiError } from '../../../shared/errors';
import { applyServerErrors } from '../../lib/form-errors';
import { useActivateProfile, useConnectionStatus, useSaveProfile, useTestConnection } from './api';
import { ErrorBanner } from '../../components/error-banner';
import { TestReport } from './test-report';
import { TextField } from './text-field';
import {
  checkSave,
  checkTest,
  fieldErrorsOf,
  initialValues,
  isProfileField,
  profileFormSchema,
  type ProfileField,
  type ProfileFormState,
} from './profile-form-validation';

interface Props {
  /** The profile being edited; absent when adding one. */
  editing?: ProfileView;
  /** False when tokens can only be kept for this session (no OS keychain). */
  encryptionAvailable: boolean;
  onDone: () => void;
}

export function ProfileForm({ editing, encryptionAvailable, onDone }: Props) {
  const firstField = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [rejected, setRejected] = useState(0);
  // The form opens on a click: move focus into it so keyboard users land where they will type.
  useEffect(() => firstField.current?.focus(), []);
  // After a refused submit, take the user to the first field that needs fixing.
  useEffect(() => {
    if (rejected > 0) formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [rejected]);
  const schema = useMemo(() => profileFormSchema(editing), [editing]);
  const form = useForm<ProfileFormState>({
    resolver: zodResolver(schema),
    defaultValues: { ...initialValues(editing), allowInsecureHttp: editing?.allowInsecureHttp ?? false },
    // A message stays until the next check (save or test), not re-judged on every key.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, formState, getValues, setError, clearErrors, handleSubmit } = form;
  const errors = formState.errors;
  const save = useSaveProfile();
  const activate = useActivateProfile();
  const status = useConnectionStatus();
  const [andActivate, setAndActivate] = useState(false);
  const test = useTestConnection();
  /** A "Save and activate" whose test failed: kept until the admin saves anyway, edits, or tests again. */
  const [untested, setUntested] = useState<SaveProfileInput | null>(null);

  /** After an edit: the message and any test report no longer describe what is typed, until the next check. */
  const edited = (field: ProfileField | 'allowInsecureHttp') => {
    if (field !== 'allowInsecureHttp') clearErrors(field);
    if (field !== 'name') test.reset();
    setUntested(null);
  };

  const saveThen = (input: SaveProfileInput, activateAfter: boolean) => {
    setUntested(null);
    const known = new Set(status.data?.profiles.map((p) => p.id));
    save.mutate(input, {
      onSuccess: (next) => {
        if (!activateAfter) return onDone();
        // A new profile's id is the one the status did not have before; an edited one keeps its id.
        const id = editing?.id ?? next.profiles.find((p) => !known.has(p.id) && p.kind === 'remote' && p.name === input.name)?.id;
        if (!id) return onDone();
        activate.mutate(id, { onSettled: onDone });
      },
      onError: (error) => void applyServerErrors(error, setError, isProfileField),
    });
  };

  /** Test what is typed first: an unreachable (or refusing) server is activated only when the admin says so. */
  const testThenActivate = (input: SaveProfileInput, values: ProfileFormState) => {
    const tested = checkTest(values, editing, values.allowInsecureHttp);
    if (!tested.ok) {
      for (const [field, message] of Object.entries(tested.errors)) if (message) setError(field as ProfileField, { type: 'test', message });
      return;
    }
    test.mutate(tested.input, {
      onSuccess: (report) => (report.ok ? saveThen(input, true) : setUntested(input)),
      onError: () => setUntested(input),
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Which submit button: "Save and activate" carries data-activate (Enter in a field means plain save).
    const activateAfter = (event.nativeEvent as SubmitEvent).submitter?.hasAttribute('data-activate') === true;
    setAndActivate(activateAfter);
    void handleSubmit(
      (values) => {
        const checked = checkSave(values, editing, values.allowInsecureHttp);
        if (!checked.ok) return;
        if (activateAfter) testThenActivate(checked.input, values);
        else saveThen(checked.input, false);
      },
      () => setRejected((n) => n + 1),
    )(event);
  };

  const onTest = () => {
    const values = getValues();
    const checked = checkTest(values, editing, values.allowInsecureHttp);
    clearErrors();
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors)) if (message) setError(field as ProfileField, { type: 'test', message });
      return;
    }
    setUntested(null);
    setAndActivate(false);
    test.mutate(checked.input);
  };

  // Errors main tied to a field are shown next to it; anything else gets the banner.
  const savedErrorOnFields =
    save.error instanceof ApiError && save.error.details !== undefined && Object.keys(fieldErrorsOf(save.error.details)).length > 0;
  const title = editing ? `Edit “${editing.name}”` : 'Add a remote connection';
  return (
    <form ref={formRef} className="card form" onSubmit={onSubmit} noValidate aria-label={title}>
      <h2 className="card-title">{title}</h2>
      <Controller
        control={control}
        name="name"
        render={({ field }) => (
          <TextField
            inputRef={firstField}
            label="Name"
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              edited('name');
            }}
            onBlur={field.onBlur}
            error={errors.name?.message}
            autoComplete="off"
            placeholder="Production"
          />
        )}
      />
      <Controller
        control={control}
        name="baseUrl"
        render={({ field }) => (
      <TextField
        label="Base URL"
        value={field.value}
        onChange={(value) => {
          field.onChange(value);
          edited('baseUrl');
        }}
        onBlur={field.onBlur}
        error={errors.baseUrl?.message}
        hint="The address of the Unleash server, without /api, e.g. https://unleash.example.com"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://unleash.example.com"
      />
        )}
      />
      <Controller
        control={control}
        name="token"
        render={({ field }) => (
      <TextField
        label="API token"
        value={field.value}
        onChange={(value) => {
          field.onChange(value);
          edited('token');
        }}
        onBlur={field.onBlur}
        error={errors.token?.message}
        hint={
          editing
            ? editing.hasToken
              ? 'Leave empty to keep the stored token (only while the address stays on the same server).'
              : 'No token is stored for this connection yet.'
            : encryptionAvailable
              ? 'An admin or personal access token. It is stored encrypted and never shown again.'
              : 'An admin or personal access token. It is kept in memory only, until Flagdesk quits.'
        }
        type="password"
        autoComplete="off"
        spellCheck={false}
      />
        )}
      />
      <label className="checkbox-field">
        <Controller
          control={control}
          name="allowInsecureHttp"
          render={({ field }) => (
            <input
              type="checkbox"
              checked={field.value}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.checked);
                edited('allowInsecureHttp');
              }}
            />
          )}
        />
        <span>
          Allow insecure http
          <span className="field-hint"> The token then travels unencrypted to servers on other machines. Use only on a trusted network.</span>
        </span>
      </label>
      {save.isError && !savedErrorOnFields && <ErrorBanner error={save.error} action="Saving the connection" />}
      {test.isError && <ErrorBanner error={test.error} action="Testing the connection" />}
      {test.data && !test.isPending && <TestReport report={test.data} />}
      {untested && !test.isPending && (
        <div className="banner banner-warning" role="alert">
          <div className="banner-body">
            <p className="banner-title">Not saved: the test of this connection failed</p>
            <p>Fix the address or the token and try again, or save it as it is and make it the active connection.</p>
          </div>
          <div className="banner-actions">
            <button type="button" className="button" onClick={() => saveThen(untested, true)}>
              Save and activate anyway
            </button>
          </div>
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending && !andActivate ? 'Saving…' : editing ? 'Save changes' : 'Save connection'}
        </button>
        <button type="submit" className="button" disabled={save.isPending || activate.isPending || test.isPending} data-activate>
          {andActivate && test.isPending ? 'Testing…' : (save.isPending || activate.isPending) && andActivate ? 'Activating…' : 'Save and activate'}
        </button>
        <button type="button" className="button" onClick={onTest} disabled={test.isPending}>
          {test.isPending && !andActivate ? 'Testing…' : 'Test connection'}
        </button>
        <button type="button" className="button button-quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
