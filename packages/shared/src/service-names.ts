/** The services behind the gateway, and the names people see in "The <name> service is unavailable". */
export const SERVICE_NAMES = ['auth', 'profile', 'media', 'albums', 'family'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export function unavailableMessage(name: string): string {
  return `The ${name} service is unavailable. Try again shortly.`;
}
