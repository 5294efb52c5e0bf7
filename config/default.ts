import type { ConfigOverrides } from '../core/config/config-schema.js';

/**
 * The deployment's defaults. Every tool group that ships in plugins/ is listed here; a deployment
 * switches groups off with `enabled: false`, with SWITCHBOARD_GROUPS=a,b, or with a config file
 * named by SWITCHBOARD_CONFIG. Third-party groups add an entry with `resolve`.
 */
const defaults: ConfigOverrides = {
  groups: {
    account: { enabled: true },
    advanced: { enabled: true },
    activity: { enabled: true },
    agents: { enabled: true },
    ai_analysis: { enabled: true },
    automation: { enabled: true },
    calendar: { enabled: true },
    conversations: { enabled: true },
    crm: { enabled: true },
    customers: { enabled: true },
    email: { enabled: true },
    general: { enabled: true },
    integrations: { enabled: true },
    knowledge: { enabled: true },
    mass_marketing: { enabled: true },
    notifications: { enabled: true },
    plugins: { enabled: true },
    products: { enabled: true },
    prompt: { enabled: true },
    referrals: { enabled: true },
    smart_followup: { enabled: true },
    support: { enabled: true },
    stats: { enabled: true },
    storage: { enabled: true },
    tasks: { enabled: true },
    tickets: { enabled: true },
    voice: { enabled: true },
    whatsapp_ops: { enabled: true },
  },
};

export default defaults;
