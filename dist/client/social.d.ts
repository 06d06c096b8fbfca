/** The beta social API: Bluesky, Mastodon (allowlisted instances), Hacker News. One method per operation. */
import type { Client } from 'openapi-fetch';
import type { Attempt, CallOptions, Ok, Query } from './api-types.ts';
import type { operations, paths } from './openapi-types.ts';
type Call = <T>(options: CallOptions, attempt: Attempt<T>) => Promise<T>;
export declare function socialApi(api: Client<paths>, call: Call): {
    platforms: (options?: CallOptions) => Promise<Ok<"listSocialPlatformsV2">>;
    blueskyProfiles: (query: Query<"getBlueskyProfiles">, options?: CallOptions) => Promise<Ok<"getBlueskyProfiles">>;
    blueskyProfile: (actor: string, query?: Query<"getBlueskyProfile">, options?: CallOptions) => Promise<Ok<"getBlueskyProfile">>;
    blueskyPosts: (actor: string, query?: Query<"listBlueskyPosts">, options?: CallOptions) => Promise<Ok<"listBlueskyPosts">>;
    blueskyPost: (actor: string, rkey: string, query?: Query<"getBlueskyPost">, options?: CallOptions) => Promise<Ok<"getBlueskyPost">>;
    blueskyThread: (actor: string, rkey: string, query?: Query<"getBlueskyThread">, options?: CallOptions) => Promise<Ok<"getBlueskyThread">>;
    lookupBlueskyPost: (query: Query<"lookupBlueskyPost">, options?: CallOptions) => Promise<Ok<"lookupBlueskyPost">>;
    mastodonAccount: (account: string, query?: Query<"getMastodonAccount">, options?: CallOptions) => Promise<Ok<"getMastodonAccount">>;
    mastodonPosts: (account: string, query?: Query<"listMastodonPosts">, options?: CallOptions) => Promise<Ok<"listMastodonPosts">>;
    mastodonTag: (tag: string, query?: Query<"getMastodonTag">, options?: CallOptions) => Promise<Ok<"getMastodonTag">>;
    mastodonTagPosts: (tag: string, query?: Query<"listMastodonTagPosts">, options?: CallOptions) => Promise<Ok<"listMastodonTagPosts">>;
    hackerNewsItem: (id: string, query?: Query<"getHackerNewsItem">, options?: CallOptions) => Promise<Ok<"getHackerNewsItem">>;
    hackerNewsComments: (id: string, query?: Query<"listHackerNewsComments">, options?: CallOptions) => Promise<Ok<"listHackerNewsComments">>;
    hackerNewsUser: (user: string, query?: Query<"getHackerNewsUser">, options?: CallOptions) => Promise<Ok<"getHackerNewsUser">>;
    hackerNewsSubmissions: (user: string, query?: Query<"listHackerNewsSubmissions">, options?: CallOptions) => Promise<Ok<"listHackerNewsSubmissions">>;
    hackerNewsStories: (list: operations["listHackerNewsStories"]["parameters"]["path"]["list"], query?: Query<"listHackerNewsStories">, options?: CallOptions) => Promise<Ok<"listHackerNewsStories">>;
};
export type SocialApi = ReturnType<typeof socialApi>;
export {};
