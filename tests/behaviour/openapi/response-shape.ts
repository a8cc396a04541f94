import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

/**
 * Unleash 6.10.1's response schemas (unleash-6.10.1-openapi.trimmed.json, see trim-spec.ts) as a check of an
 * answer's shape: the wire rows run every answer of the demo targets through it, so the HTTP face cannot drift from
 * what 6.10.1 documents (an extra key where the schema allows none, a null where it wants a string, a missing
 * required key) without a failing test.
 */

interface Spec {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
}

const SPEC_ID = 'unleash-6.10.1';
const spec = JSON.parse(readFileSync(new URL('./unleash-6.10.1-openapi.trimmed.json', import.meta.url), 'utf8')) as Spec;

// OpenAPI 3.0 is JSON Schema draft 4/7 with `nullable`; ajv reads `nullable` itself. Keywords it does not know
// (deprecated, x-*) are annotations, so strict mode is off; formats are checked where they say something.
const ajv = new Ajv({ strict: false, allErrors: true, discriminator: true });
ajv.addFormat('date-time', (text: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text));
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
for (const lenient of ['uri', 'email', 'uuid', 'int64', 'int32', 'float', 'double', 'binary', 'byte', 'uri-reference']) {
  ajv.addFormat(lenient, true);
}
ajv.addSchema(spec, SPEC_ID);

interface Template {
  template: string;
  pattern: RegExp;
  /** Literal segments count more, so /segments/strategies wins over /segments/{id}. */
  literals: number;
}

const TEMPLATES: Template[] = Object.keys(spec.paths).map((template) => {
  const parts = template.split('/');
  const pattern = new RegExp(`^${parts.map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`);
  return { template, pattern, literals: parts.filter((part) => !part.startsWith('{')).length };
});

/** The spec's template for a request path (query string ignored), or undefined when the spec has none. */
export function templateOf(path: string): string | undefined {
  const bare = path.split('?')[0] ?? path;
  return TEMPLATES.filter((t) => t.pattern.test(bare)).sort((a, b) => b.literals - a.literals)[0]?.template;
}

const escapePointer = (part: string): string => part.replace(/~/g, '~0').replace(/\//g, '~1');
const compiled = new Map<string, ValidateFunction | null>();

function validatorFor(template: string, method: string, status: number): ValidateFunction | null {
  const key = `${method} ${template} ${status}`;
  if (!compiled.has(key)) {
    const response = spec.paths[template]?.[method]?.responses[String(status)];
    const schema = response?.content?.['application/json']?.schema;
    const pointer = `${SPEC_ID}#/paths/${escapePointer(template)}/${method}/responses/${status}/content/application~1json/schema`;
    compiled.set(key, schema === undefined ? null : ajv.compile({ $ref: pointer }));
  }
  return compiled.get(key) ?? null;
}

/**
 * Where 6.10.1 itself answers other than its document says (found with FLAGDESK_CHECK_REAL_SHAPES=1 against a real
 * 6.10.1): the demo answers as the server does, so these complaints are not drift.
 */
const SERVER_ERRATA: { label: string; problem: RegExp; why: string }[] = [
  {
    label: 'GET /api/admin/projects/{projectId}/features 200',
    problem: /^\/features\/\d+ must have required property 'favorite'$/,
    why: 'a token (no user) gets no favorite key',
  },
  {
    label: 'GET /api/admin/projects/{projectId}/features/{featureName} 200',
    problem: /^\/environments\/\d+ must NOT have additional properties: (yes|no)$/,
    why: "6.10.1 adds each environment's metrics counters, yes and no",
  },
];

export interface ShapeVerdict {
  /** What was checked against: `POST /api/admin/segments 201`, or why nothing was. */
  checked: string;
  /** ajv's complaints, one line each; empty when the answer fits. */
  problems: string[];
}

/**
 * Checks a JSON answer against the response schema 6.10.1 documents for this method, path and status. Answers the
 * spec does not describe (a status it does not list, a route it does not have, an empty or non-JSON body) are not
 * judged: `checked` says so.
 */
export function checkResponseShape(method: string, path: string, status: number, json: unknown): ShapeVerdict {
  const template = templateOf(path);
  if (!template) return { checked: `no spec path for ${path}`, problems: [] };
  const lower = method.toLowerCase();
  if (!spec.paths[template]?.[lower]) return { checked: `no ${method} in the spec for ${template}`, problems: [] };
  const validate = validatorFor(template, lower, status);
  const label = `${method} ${template} ${status}`;
  if (!validate) return { checked: `${label}: no JSON schema in the spec`, problems: [] };
  if (json === undefined) return { checked: `${label}: no JSON body`, problems: [] };
  if (validate(json)) return { checked: label, problems: [] };
  const errata = SERVER_ERRATA.filter((erratum) => erratum.label === label);
  const problems = (validate.errors ?? [])
    .map(
      (error) =>
        `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'}${'additionalProperty' in error.params ? `: ${String(error.params.additionalProperty)}` : ''}`,
    )
    .filter((problem) => !errata.some((erratum) => erratum.problem.test(problem)));
  return { checked: label, problems };
}
