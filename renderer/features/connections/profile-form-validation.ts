import { z } from 'zod';
import {
  saveProfileInputSchema,
  type ProfileView,
  type SaveProfileInput,
  type TestConnectionInput,
} from '../../../shared/schemas';

export interface ProfileFormValues {
  name: string;
  baseUrl: string;
  token: string;
}

export type ProfileField = keyof ProfileFormValues;
export type FieldErrors = Partial<Record<ProfileField, string>>;

export type Checked<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors };

export function initialValues(profile?: ProfileView): ProfileFormValues {
  return { name: profile?.name ?? '', baseUrl: profile?.baseUrl ?? '', token: '' };
}

function urlProblem(baseUrl: string): string | undefined {
  if (baseUrl === '') return 'Enter the server address, e.g. https://unleash.example.com';
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'This is not a valid URL: start with http:// or https://';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http:// and https:// addresses are supported';
  if (url.search || url.hash) return 'Leave out the query string and #fragment';
  // Flagdesk adds /api/admin/... itself: a base URL ending in /api would become /api/api/... and fail with a 401.
  if (/\/api\/?$/i.test(url.pathname)) {
    return `Leave out “/api”: Flagdesk adds it. Use ${url.origin}${url.pathname.replace(/\/api\/?$/i, '') || ''}`;
  }
  return undefined;
}

function nameProblem(name: string): string | undefined {
  if (name === '') return 'Give the connection a name';
  if (name.length > 100) return 'Keep the name under 100 characters';
  return undefined;
}

/** Validate the form for saving. A new profile needs a token; on edit an empty token keeps the stored one. */
export function checkSave(values: ProfileFormValues, editing?: ProfileView, allowInsecureHttp = false): Checked<SaveProfileInput> {
  const name = values.name.trim();
  const baseUrl = values.baseUrl.trim();
  const token = values.token.trim();
  const errors: FieldErrors = {};
  const nameError = nameProblem(name);
  const urlError = urlProblem(baseUrl);
  if (nameError) errors.name = nameError;
  if (urlError) errors.baseUrl = urlError;
  if (!editing && token === '') errors.token = 'Paste an API token with admin rights';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const candidate = { ...(editing ? { id: editing.id } : {}), name, baseUrl, ...(token ? { token } : {}), allowInsecureHttp };
  // The contract's schema has the last word (lengths, URL form): anything it rejects is shown on its field.
  const parsed = saveProfileInputSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: fieldErrorsOf(parsed.error.issues) };
}

/**
 * What "Test connection" sends: the typed URL and token, or, when editing with the saved URL and no new
 * token, the saved profile itself (its stored token never reaches the renderer).
 */
export function checkTest(values: ProfileFormValues, editing?: ProfileView, allowInsecureHttp = false): Checked<TestConnectionInput> {
  const baseUrl = values.baseUrl.trim();
  const token = values.token.trim();
  const urlError = urlProblem(baseUrl);
  if (urlError) return { ok: false, errors: { baseUrl: urlError } };
  if (token !== '') return { ok: true, input: { baseUrl, token, ...(allowInsecureHttp ? { allowInsecureHttp } : {}) } };
  if (editing && editing.hasToken && baseUrl === editing.baseUrl && allowInsecureHttp === editing.allowInsecureHttp) return { ok: true, input: { id: editing.id } };
  return {
    ok: false,
    errors: { token: editing ? 'Type the token to test a changed address' : 'Paste a token to test the connection' },
  };
}

const FIELDS: readonly ProfileField[] = ['name', 'baseUrl', 'token'];

/** Map validation issues or server error details (`path` such as "baseUrl") to the form's fields. */
export function fieldErrorsOf(issues: readonly { path?: readonly PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const head = typeof issue.path === 'string' ? issue.path.replace(/^[/.]+/, '').split(/[./]/)[0] : issue.path?.[0];
    const field = FIELDS.find((f) => f === head);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The form's schema for react-hook-form's zodResolver: the same checks as `checkSave` (messages in the user's words,
 * then the contract's schema), each problem on its field.
 */
export function profileFormSchema(editing?: ProfileView) {
  return z
    .object({ name: z.string(), baseUrl: z.string(), token: z.string(), allowInsecureHttp: z.boolean() })
    .superRefine((values, ctx) => {
      const checked = checkSave(values, editing, values.allowInsecureHttp);
      if (checked.ok) return;
      for (const field of FIELDS) {
        const message = checked.errors[field];
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    });
}
export type ProfileFormState = z.infer<ReturnType<typeof profileFormSchema>>;
export const isProfileField = (path: string): path is ProfileField => (FIELDS as readonly string[]).includes(path);
