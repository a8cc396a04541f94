import { ApiError } from '../../../shared/errors';
import { eventQueryPageSchema, type EventQueryPage } from '../../../shared/schemas';
import { jsonOrUndefined } from '../../../shared/json';
import { checkAnswer } from '../../backend/remote/answer-check';

/**
 * A page of GET /search/events that the page scanner does not read (a member not as the schema has it, which a later
 * one of the same name may replace, as JSON.parse keeps the last; nesting deeper than the scanner goes), parsed and
 * checked as the remote's read of an answer is: the schema says what is wrong, if anything. No server sends one, so it
 * need not be fast.
 */
export function checkedEventPage(text: string): EventQueryPage {
  const json = jsonOrUndefined(text);
  if (json === undefined) throw ApiError.fault('InvalidResponseError', "The server's answer to a search of events was not valid JSON.", undefined, 502);
  const page = checkAnswer(eventQueryPageSchema, json);
  if (!page.success) {
    const issue = page.error.issues[0];
    const where = issue && issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw ApiError.fault('InvalidResponseError', `The server's answer to a search of events did not have the expected shape${where}: ${issue?.message ?? 'invalid'}.`, undefined, 502);
  }
  return page.data;
}
