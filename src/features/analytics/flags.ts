/**
 * Feature flags: each has a local default, used until (and unless) the analytics service answers
 * with its own value. With analytics off, declined or blocked, the defaults are what runs.
 * Every flag listed here gates real behaviour through useFlag (client/hooks.ts); /privacy lists
 * them all, so a flag that gates nothing does not belong here.
 */
export const FLAG_DEFAULTS = {
  /** The new-post form suggests similar existing posts while the title is typed (NewPostForm). */
  'similar-post-suggestions': true,
  /** Members vote from the roadmap's cards; off, the cards show the count and link to the post to vote there (RoadmapPage). */
  'roadmap-voting': true,
} as const satisfies Record<string, boolean>;

export type FlagName = keyof typeof FLAG_DEFAULTS;
export const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FlagName[];

export type FlagValues = { readonly [K in FlagName]: boolean };
export type FlagSource = 'default' | 'remote';
export type FlagSources = { readonly [K in FlagName]: FlagSource };

/** What the analytics library reports for one flag: on/off, a variant name, or nothing known. */
export type RemoteFlagValue = boolean | string | undefined;

/** A boolean from a remote value: a variant name means the flag is on; anything else is unknown. */
export function remoteFlagToBoolean(value: RemoteFlagValue): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && value.length > 0) return true;
  return undefined;
}

export interface ResolvedFlags {
  values: FlagValues;
  sources: FlagSources;
}

/** The flags in effect: each remote value that is known overrides its local default. */
export function resolveFlags(remote: Partial<Record<string, RemoteFlagValue>> = {}): ResolvedFlags {
  const values = {} as Record<FlagName, boolean>;
  const sources = {} as Record<FlagName, FlagSource>;
  for (const name of FLAG_NAMES) {
    const fromRemote = Object.hasOwn(remote, name) ? remoteFlagToBoolean(remote[name]) : undefined;
    values[name] = fromRemote ?? FLAG_DEFAULTS[name];
    sources[name] = fromRemote === undefined ? 'default' : 'remote';
  }
  return { values, sources };
}

export const DEFAULT_FLAGS: ResolvedFlags = resolveFlags();
