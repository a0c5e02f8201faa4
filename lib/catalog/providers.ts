// D10: the AI model providers, by the lowercase vendor name clients send, and whether each one
// requires or refuses an `apikey`. The one place the list lives (API validation, console, GET /ai-models/providers).

export type ApikeyRule = 'required' | 'forbidden';

export type Provider = { key: string; name: string; apikey: ApikeyRule };

export const PROVIDERS = [
  { key: 'openai', name: 'OpenAI', apikey: 'required' },
  { key: 'gemini', name: 'Gemini', apikey: 'required' },
  { key: 'maritaca', name: 'Maritaca AI', apikey: 'required' },
  { key: 'anthropic', name: 'Anthropic', apikey: 'required' },
  { key: 'alibaba', name: 'Alibaba', apikey: 'forbidden' },
  { key: 'google', name: 'Google', apikey: 'forbidden' },
  { key: 'meta', name: 'Meta', apikey: 'forbidden' },
  { key: 'deepseek', name: 'DeepSeek', apikey: 'forbidden' },
  { key: 'mistral', name: 'Mistral AI', apikey: 'forbidden' },
  { key: 'microsoft', name: 'Microsoft', apikey: 'forbidden' },
] as const satisfies readonly Provider[];

export type ProviderKey = (typeof PROVIDERS)[number]['key'];

export const PROVIDER_KEYS = PROVIDERS.map((p) => p.key) as [ProviderKey, ...ProviderKey[]];

export function findProvider(key: string): Provider | undefined {
  return PROVIDERS.find((p) => p.key === key);
}

/** Why a provider and a key do not go together, or null when they do. */
export function apikeyProblem(provider: string, hasKey: boolean): string | null {
  const rule = findProvider(provider)?.apikey;
  if (rule === 'required' && !hasKey) return `is required for provider "${provider}"`;
  if (rule === 'forbidden' && hasKey) return `is not accepted for provider "${provider}"`;
  return null;
}
