// The builders are listed in `provider-registry.ts`; this path stays for existing importers.
export { buildProviderRequest } from './provider-registry'
