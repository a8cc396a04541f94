import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ProfileView } from '../../../shared/schemas';
import { ApiError } from '../../../shared/errors';
import { useSaveProfile, useTestConnection } from './api';
import { ErrorBanner } from '../../components/error-banner';
import { TestReport } from './test-report';
import { TextField } from './text-field';
import { checkSave, checkTest, fieldErrorsOf, initialValues, type FieldErrors, type ProfileField } from './profile-form-validation';

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
  const [values, setValues] = useState(() => initialValues(editing));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [allowInsecureHttp, setAllowInsecureHttp] = useState(editing?.allowInsecureHttp ?? false);
  const save = useSaveProfile();
  const test = useTestConnection();

  const set = (field: ProfileField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // The message and any test report no longer describe what is typed: clear them until the next check.
    setErrors((e) => ({ ...e, [field]: undefined }));
    if (field !== 'name') test.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSave(values, editing, allowInsecureHttp);
    if (!checked.ok) {
      setErrors(checked.errors);
      setRejected((n) => n + 1);
      return;
    }
    save.mutate(checked.input, {
      onSuccess: onDone,
      onError: (error) => {
        if (error instanceof ApiError && error.details) setErrors(fieldErrorsOf(error.details));
      },
    });
  };

  const onTest = () => {
    const checked = checkTest(values, editing, allowInsecureHttp);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    test.mutate(checked.input);
  };

  // Errors main tied to a field are shown next to it; anything else gets the banner.
  const savedErrorOnFields =
    save.error instanceof ApiError && save.error.details !== undefined && Object.keys(fieldErrorsOf(save.error.details)).length > 0;
  const title = editing ? `Edit “${editing.name}”` : 'Add a remote connection';
  return (
    <form ref={formRef} className="card form" onSubmit={onSubmit} noValidate aria-label={title}>
      <h2 className="card-title">{title}</h2>
      <TextField inputRef={firstField} label="Name" value={values.name} onChange={set('name')} error={errors.name} autoComplete="off" placeholder="Production" />
      <TextField
        label="Base URL"
        value={values.baseUrl}
        onChange={set('baseUrl')}
        error={errors.baseUrl}
        hint="The address of the Unleash server, without /api, e.g. https://unleash.example.com"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://unleash.example.com"
      />
      <TextField
        label="API token"
        value={values.token}
        onChange={set('token')}
        error={errors.token}
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
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={allowInsecureHttp}
          onChange={(event) => {
            setAllowInsecureHttp(event.target.checked);
            test.reset();
          }}
        />
        <span>
          Allow insecure http
          <span className="field-hint"> The token then travels unencrypted to servers on other machines. Use only on a trusted network.</span>
        </span>
      </label>
      {save.isError && !savedErrorOnFields && <ErrorBanner error={save.error} action="Saving the connection" />}
      {test.isError && <ErrorBanner error={test.error} action="Testing the connection" />}
      {test.data && !test.isPending && <TestReport report={test.data} />}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Save connection'}
        </button>
        <button type="button" className="button" onClick={onTest} disabled={test.isPending}>
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        <button type="button" className="button button-quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
