import type { EvaluationContext } from './client-state';
import { resolveContextValue } from './context-value';
import { normalizedStrategyValue } from './hash';
import { isInSubnet, parseIpv4 } from './ipv4';

/** A strategy's own rule (after its constraints passed), answered and described. */
export interface RuleOutcome {
  readonly passed: boolean;
  readonly detail: string;
}

export interface RuleInput {
  readonly parameters: Record<string, unknown>;
  readonly context: EvaluationContext;
  readonly random: () => number;
  readonly hostname: string | undefined;
}

type Rule = (input: RuleInput) => RuleOutcome;

const list = (value: unknown): string[] => (value ? String(value).split(/\s*,\s*/) : []);

function rollout(id: string, groupId: string, percentage: number, what: string): RuleOutcome {
  const bucket = normalizedStrategyValue(id, groupId);
  const passed = percentage > 0 && bucket <= percentage;
  return { passed, detail: `${what} falls in bucket ${bucket} of 100; rollout is ${percentage}%` };
}

function byIdRollout(key: 'userId' | 'sessionId'): Rule {
  return ({ parameters, context }) => {
    const id = context[key];
    if (!id) return { passed: false, detail: `${key} is not set` };
    return rollout(id, String(parameters.groupId || ''), Number(parameters.percentage), `${key} ${JSON.stringify(id)}`);
  };
}

function flexibleRollout({ parameters, context, random }: RuleInput): RuleOutcome {
  const groupId = String(parameters.groupId || (context as Record<string, unknown>).featureToggle || '');
  const percentage = Number(parameters.rollout);
  const stickiness = String(parameters.stickiness || 'default');
  // The SDK draws a number from 1 to 10001 when no sticky id is at hand.
  const randomId = () => `${Math.round(random() * 10000) + 1}`;
  let id: string | undefined;
  let what: string;
  if (stickiness === 'default') {
    const sticky = context.userId || context.sessionId;
    what = sticky ? `${context.userId ? 'userId' : 'sessionId'} ${JSON.stringify(sticky)}` : 'a random id (no userId or sessionId)';
    id = sticky || randomId();
  } else if (stickiness === 'random') {
    id = randomId();
    what = 'a random id';
  } else {
    id = resolveContextValue(context, stickiness);
    what = `${stickiness} ${JSON.stringify(id)}`;
  }
  if (!id) return { passed: false, detail: `stickiness field ${stickiness} is not set` };
  return rollout(id, groupId, percentage, what);
}

function gradualRolloutRandom({ parameters, random }: RuleInput): RuleOutcome {
  const percentage = Number(parameters.percentage);
  const draw = Math.floor(random() * 100) + 1;
  return { passed: percentage >= draw, detail: `random draw ${draw} against ${percentage}%` };
}

function userWithId({ parameters, context }: RuleInput): RuleOutcome {
  const ids = list(parameters.userIds);
  const passed = context.userId !== undefined && ids.includes(context.userId);
  return {
    passed,
    detail:
      context.userId === undefined
        ? 'userId is not set'
        : `userId ${JSON.stringify(context.userId)} is ${passed ? '' : 'not '}in the strategy's ${ids.length} user ids`,
  };
}

function remoteAddress({ parameters, context }: RuleInput): RuleOutcome {
  if (!parameters.IPs) return { passed: false, detail: 'the strategy lists no IPs' };
  const address = context.remoteAddress;
  const parsed = parseIpv4(address || '');
  const hit = String(parameters.IPs)
    .split(/\s*,\s*/)
    .find((range) => {
      if (range === address) return true;
      const subnet = parseIpv4(range);
      return subnet !== null && parsed !== null && isInSubnet(parsed, subnet);
    });
  if (hit !== undefined) return { passed: true, detail: `remoteAddress ${JSON.stringify(address)} is in ${hit}` };
  return {
    passed: false,
    detail: address === undefined ? 'remoteAddress is not set' : `remoteAddress ${JSON.stringify(address)} is in none of ${parameters.IPs}`,
  };
}

function applicationHostname({ parameters, hostname }: RuleInput): RuleOutcome {
  if (!parameters.hostNames) return { passed: false, detail: 'the strategy lists no host names' };
  if (hostname === undefined) return { passed: false, detail: 'the application host name is not known here' };
  const names = String(parameters.hostNames).toLowerCase().split(/\s*,\s*/);
  const passed = names.includes(hostname.toLowerCase());
  return { passed, detail: `host ${JSON.stringify(hostname)} is ${passed ? '' : 'not '}among ${parameters.hostNames}` };
}

/** The built-in strategies every official SDK implements; any other name is a custom strategy. */
export const BUILT_IN_RULES: Readonly<Record<string, Rule>> = {
  default: () => ({ passed: true, detail: 'the standard strategy is on for everyone' }),
  userWithId,
  gradualRolloutUserId: byIdRollout('userId'),
  gradualRolloutSessionId: byIdRollout('sessionId'),
  gradualRolloutRandom,
  flexibleRollout,
  remoteAddress,
  applicationHostname,
};

export function ruleFor(name: string): Rule | undefined {
  return Object.hasOwn(BUILT_IN_RULES, name) ? BUILT_IN_RULES[name] : undefined;
}
