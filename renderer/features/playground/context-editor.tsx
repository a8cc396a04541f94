import type { ContextField } from '../../../shared/schemas';
import type { PlaygroundContext } from '../../../shared/evaluation';

const STANDARD = ['userId', 'sessionId', 'remoteAddress', 'appName', 'currentTime'] as const;
const BUILT_IN_FIELDS = new Set<string>([...STANDARD, 'environment']);

interface Props {
  context: PlaygroundContext;
  onChange: (context: PlaygroundContext) => void;
  /** The instance's context fields: custom ones become properties, with their legal values as choices. */
  fields: readonly ContextField[];
}

/** The context to evaluate with: the standard fields, then the instance's own context fields. */
export function ContextEditor({ context, onChange, fields }: Props) {
  const setTop = (name: string, value: string) => {
    const next: Record<string, unknown> = { ...context };
    if (value === '' && name !== 'appName') delete next[name];
    else next[name] = value;
    onChange(next as PlaygroundContext);
  };
  const setProperty = (name: string, value: string) => {
    const properties = { ...(context.properties ?? {}) };
    if (value === '') delete properties[name];
    else properties[name] = value;
    onChange({ ...context, properties });
  };
  const custom = fields.filter((f) => !BUILT_IN_FIELDS.has(f.name));
  return (
    <fieldset className="panel panel-stack" aria-label="Context">
      <legend>Context</legend>
      {STANDARD.map((name) => (
        <label key={name} className="field-compact">
          {name === 'currentTime' ? 'currentTime (ISO 8601, empty = now)' : name}
          <input
            name={name}
            value={(context as Record<string, unknown>)[name] as string | undefined ?? ''}
            placeholder={name === 'currentTime' ? '2025-01-01T00:00:00Z' : undefined}
            onChange={(e) => setTop(name, e.target.value)}
          />
        </label>
      ))}
      {custom.map((field) => {
        const value = context.properties?.[field.name] ?? '';
        const legal = field.legalValues ?? [];
        return (
          <label key={field.name} className="field-compact">
            {field.name}
            {legal.length > 0 ? (
              <select name={field.name} value={value} onChange={(e) => setProperty(field.name, e.target.value)}>
                <option value="">(not set)</option>
                {legal.map((v) => (
                  <option key={v.value} value={v.value}>
                    {v.value}
                  </option>
                ))}
              </select>
            ) : (
              <input name={field.name} value={value} onChange={(e) => setProperty(field.name, e.target.value)} />
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
