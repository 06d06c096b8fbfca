/** What a key may do (SPEC 5): `proxy` calls the fetch and social APIs, `read` the usage and status ones. */
export type Scope = 'proxy' | 'read'
export const scopes: readonly Scope[] = ['proxy', 'read']
