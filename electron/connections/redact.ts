/** Replaces every occurrence of a secret in a text; secrets shorter than 4 characters are too common to scrub. */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= 4 && result.includes(secret)) result = result.split(secret).join('[hidden token]');
  }
  return result;
}
