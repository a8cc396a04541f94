import type { Constraint } from '../../../../shared/schemas';
import type { ContextFieldRecord, StrategyTypeRecord } from '../model/state';

/**
 * The invented company behind the seeded demo: a mid-sized online retailer with a checkout team, a growth team, a
 * mobile team and a platform team. Plain data; seed/dataset.ts turns it into state.
 */

export const SEED_PROJECTS = [
  { id: 'default', name: 'Default', description: 'Default project' },
  { id: 'checkout', name: 'Checkout & Payments', description: 'Cart, checkout and payment providers' },
  { id: 'growth', name: 'Growth', description: 'Onboarding, referrals and pricing experiments' },
  { id: 'mobile', name: 'Mobile App', description: 'iOS and Android apps' },
  { id: 'platform', name: 'Platform', description: 'Infrastructure switches and operational toggles' },
] as const;

export const SEED_USERS = [
  'admin',
  'maria.hansen@shopwise.io',
  'jonas.berg@shopwise.io',
  'priya.raman@shopwise.io',
  'tom.okafor@shopwise.io',
  'lena.schulz@shopwise.io',
  'ci-deploy-bot',
];

export type SeedFlagType = 'release' | 'experiment' | 'operational' | 'kill-switch' | 'permission';

export interface SeedFlag {
  name: string;
  project: string;
  type: SeedFlagType;
  description: string;
  /** Parent flag name (same project). */
  parent?: string;
  /** The dependency asks for the parent to be disabled. */
  parentDisabled?: boolean;
  archived?: boolean;
  stale?: boolean;
}

const flag = (
  project: string,
  name: string,
  type: SeedFlagType,
  description: string,
  extra: Partial<SeedFlag> = {},
): SeedFlag => ({ project, name, type, description, ...extra });

export const SEED_FLAGS: readonly SeedFlag[] = [
  flag('checkout', 'checkout-v2', 'release', 'The rebuilt single-page checkout'),
  flag('checkout', 'checkout-v2-apple-pay', 'release', 'Apple Pay button in the new checkout', { parent: 'checkout-v2' }),
  flag('checkout', 'checkout-v2-klarna', 'release', 'Klarna pay-later option in the new checkout', { parent: 'checkout-v2' }),
  flag('checkout', 'checkout-v2-address-autocomplete', 'experiment', 'Address lookup while typing', { parent: 'checkout-v2' }),
  flag('checkout', 'legacy-checkout-fallback', 'kill-switch', 'Send everyone back to the old checkout', {
    parent: 'checkout-v2',
    parentDisabled: true,
  }),
  flag('checkout', 'one-click-reorder', 'release', 'Reorder a past basket with one click'),
  flag('checkout', 'express-shipping-upsell', 'experiment', 'Offer express shipping at the payment step'),
  flag('checkout', 'payment-provider-adyen', 'operational', 'Route card payments through Adyen'),
  flag('checkout', 'payment-retry-queue', 'operational', 'Retry failed captures in the background'),
  flag('checkout', 'gift-card-redemption', 'release', 'Redeem gift cards at checkout'),
  flag('checkout', 'fraud-check-strict-mode', 'kill-switch', 'Block orders that fail the stricter fraud rules'),
  flag('checkout', 'basket-price-alerts', 'experiment', 'Tell shoppers when a basket item drops in price', { stale: true }),
  flag('checkout', 'paypal-vault', 'release', 'Remember PayPal accounts', { archived: true }),
  flag('growth', 'new-onboarding-flow', 'release', 'Three-step onboarding with interests'),
  flag('growth', 'onboarding-progress-bar', 'experiment', 'Progress bar on the onboarding steps', { parent: 'new-onboarding-flow' }),
  flag('growth', 'onboarding-skip-button', 'experiment', 'Let people skip onboarding', { parent: 'new-onboarding-flow' }),
  flag('growth', 'referral-program-2025', 'release', 'Give 10 EUR, get 10 EUR referrals'),
  flag('growth', 'referral-leaderboard', 'experiment', 'Monthly leaderboard of top referrers', { parent: 'referral-program-2025' }),
  flag('growth', 'pricing-page-annual-toggle', 'experiment', 'Show annual prices by default'),
  flag('growth', 'newsletter-double-opt-in', 'permission', 'Double opt-in for newsletter sign-ups'),
  flag('growth', 'homepage-hero-video', 'experiment', 'Autoplaying hero video on the homepage'),
  flag('growth', 'personalised-recommendations', 'release', 'Recommendations from browsing history'),
  flag('growth', 'exit-intent-discount', 'experiment', 'Discount pop-up on exit intent', { stale: true }),
  flag('growth', 'black-friday-banner', 'release', 'Site-wide Black Friday banner', { archived: true }),
  flag('growth', 'wishlist-sharing', 'release', 'Share a wishlist by link'),
  flag('mobile', 'ios-dark-mode', 'release', 'Dark mode on iOS'),
  flag('mobile', 'android-dark-mode', 'release', 'Dark mode on Android'),
  flag('mobile', 'mobile-push-campaigns', 'release', 'Marketing push notifications'),
  flag('mobile', 'in-app-review-prompt', 'experiment', 'Ask for an app-store review after an order'),
  flag('mobile', 'biometric-login', 'release', 'Face ID / fingerprint login'),
  flag('mobile', 'biometric-login-fallback-pin', 'release', 'PIN fallback when biometrics fail', { parent: 'biometric-login' }),
  flag('mobile', 'offline-basket', 'experiment', 'Keep the basket when offline'),
  flag('mobile', 'app-force-update', 'kill-switch', 'Force an update below the minimum app version'),
  flag('mobile', 'barcode-scanner', 'release', 'Scan a barcode to find a product', { archived: true }),
  flag('platform', 'search-service-v3', 'release', 'Route search to the new search cluster'),
  flag('platform', 'search-typo-tolerance', 'experiment', 'Fuzzy matching in search', { parent: 'search-service-v3' }),
  flag('platform', 'read-replica-routing', 'operational', 'Send read-only queries to replicas'),
  flag('platform', 'image-cdn-avif', 'operational', 'Serve AVIF images from the CDN'),
  flag('platform', 'rate-limit-public-api', 'kill-switch', 'Strict rate limits on the public API'),
  flag('platform', 'graphql-gateway', 'release', 'Serve storefront reads through the GraphQL gateway'),
  flag('platform', 'maintenance-mode', 'kill-switch', 'Show the maintenance page'),
  flag('platform', 'audit-log-export', 'permission', 'Let admins export the audit log'),
  flag('platform', 'legacy-session-store', 'operational', 'Keep sessions in the old Redis cluster', { stale: true }),
  flag('default', 'demo-welcome-banner', 'release', 'Welcome banner on the demo storefront'),
  flag('default', 'cookie-consent-v2', 'release', 'New cookie consent dialog'),
  flag('default', 'accessibility-high-contrast', 'release', 'High-contrast theme toggle'),
  flag('default', 'status-page-link', 'operational', 'Link to the status page in the footer'),
  flag('default', 'old-header-navigation', 'release', 'Previous header navigation', { archived: true }),
];

const IN = (contextName: string, values: string[]): Constraint => ({
  values,
  inverted: false,
  operator: 'IN',
  contextName,
  caseInsensitive: false,
});

export interface SeedSegment {
  name: string;
  description: string | null;
  project?: string;
  constraints: Constraint[];
  /** Whether seeded strategies may use it (the rest stay unused). */
  used: boolean;
}

export const SEED_SEGMENTS: readonly SeedSegment[] = [
  {
    name: 'internal-staff',
    description: 'Employees, by e-mail domain',
    constraints: [{ values: ['@shopwise.io'], inverted: false, operator: 'STR_ENDS_WITH', contextName: 'email', caseInsensitive: true }],
    used: true,
  },
  { name: 'beta-testers', description: 'People who joined the beta programme', constraints: [IN('userId', ['u-1042', 'u-2231', 'u-3307', 'u-4410', 'u-5123'])], used: true },
  { name: 'nordics', description: 'Shoppers in Norway, Sweden, Denmark and Finland', constraints: [IN('country', ['NO', 'SE', 'DK', 'FI'])], used: true },
  { name: 'enterprise-customers', description: null, constraints: [IN('plan', ['enterprise'])], used: true },
  {
    name: 'mobile-latest-release',
    description: 'Apps newer than 5.1.4',
    project: 'mobile',
    // SEMVER_GT, not SEMVER_GTE: the demo answers as Unleash 6.10.1, which has no SEMVER_GTE
    constraints: [{ values: [], inverted: false, operator: 'SEMVER_GT', contextName: 'appVersion', caseInsensitive: false, value: '5.1.4' }],
    used: true,
  },
  {
    name: 'eu-shoppers',
    description: 'Shoppers in the EU',
    constraints: [IN('country', ['DE', 'FR', 'NL', 'SE', 'DK', 'FI', 'ES', 'IT', 'PL', 'AT'])],
    used: true,
  },
  { name: 'qa-accounts', description: 'Accounts the QA team tests with', constraints: [IN('userId', ['qa-1', 'qa-2', 'qa-3'])], used: false },
  { name: 'legacy-partners', description: 'Partners still on the v1 API', project: 'platform', constraints: [IN('tenantId', ['acme', 'globex'])], used: false },
];

export function seedContextFields(createdAt: string): ContextFieldRecord[] {
  const legal = (values: string[]) => values.map((value) => ({ value }));
  return [
    { name: 'country', description: 'ISO country code of the shopper', stickiness: false, sortOrder: 10, legalValues: legal(['AT', 'DE', 'DK', 'ES', 'FI', 'FR', 'GB', 'IT', 'NL', 'NO', 'PL', 'SE', 'US']), createdAt },
    { name: 'plan', description: 'Subscription plan', stickiness: false, sortOrder: 11, legalValues: legal(['free', 'plus', 'enterprise']), createdAt },
    { name: 'appVersion', description: 'Version of the mobile app', stickiness: false, sortOrder: 12, legalValues: [], createdAt },
    { name: 'tenantId', description: 'Business-customer tenant', stickiness: true, sortOrder: 13, legalValues: [], createdAt },
    { name: 'email', description: 'E-mail of the signed-in user', stickiness: false, sortOrder: 14, legalValues: [], createdAt },
  ];
}

export const SEED_STRATEGY_TYPES: readonly StrategyTypeRecord[] = [
  {
    name: 'betaCohort',
    displayName: null,
    description: 'Enable for named beta cohorts',
    editable: true,
    deprecated: false,
    parameters: [{ name: 'cohorts', type: 'list', description: 'Cohort names', required: true }],
    title: null,
    sortOrder: 9999,
  },
  {
    name: 'regionRollout',
    displayName: null,
    description: 'Percentage rollout within selected regions',
    editable: true,
    deprecated: false,
    parameters: [
      { name: 'regions', type: 'list', description: 'Region codes, e.g. eu-west', required: true },
      { name: 'percentage', type: 'percentage', description: 'Share of traffic in those regions', required: false },
    ],
    title: 'Regional rollout',
    sortOrder: 9999,
  },
  {
    name: 'tenantAllowlist',
    displayName: null,
    description: 'Enable for listed business tenants',
    editable: true,
    deprecated: false,
    parameters: [{ name: 'tenantIds', type: 'list', description: '', required: true }],
    title: null,
    sortOrder: 9999,
  },
  {
    name: 'businessHours',
    displayName: null,
    description: 'On during office hours only (replaced by constraints on currentTime)',
    editable: true,
    deprecated: true,
    parameters: [
      { name: 'from', type: 'string', description: 'HH:mm', required: true },
      { name: 'to', type: 'string', description: 'HH:mm', required: true },
      { name: 'weekendsOff', type: 'boolean', description: '', required: false },
    ],
    title: null,
    sortOrder: 9999,
  },
];
