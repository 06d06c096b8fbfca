/** The beta social API: Bluesky, Mastodon (allowlisted instances), Hacker News. One method per operation. */
import type { Client } from 'openapi-fetch'
import type { Attempt, CallOptions, Ok, Query } from './api-types.ts'
import type { operations, paths } from './openapi-types.ts'

type Call = <T>(options: CallOptions, attempt: Attempt<T>) => Promise<T>

export function socialApi(api: Client<paths>, call: Call) {
  return {
    platforms: (options: CallOptions = {}): Promise<Ok<'listSocialPlatformsV2'>> =>
      call(options, (init) => api.GET('/v2/social/platforms', init)),
    blueskyProfiles: (
      query: Query<'getBlueskyProfiles'>,
      options: CallOptions = {},
    ): Promise<Ok<'getBlueskyProfiles'>> =>
      call(options, (init) => api.GET('/v2/social/bluesky/profiles', { ...init, params: { query } })),
    blueskyProfile: (
      actor: string,
      query: Query<'getBlueskyProfile'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getBlueskyProfile'>> =>
      call(options, (init) =>
        api.GET('/v2/social/bluesky/profiles/{actor}', { ...init, params: { path: { actor }, query } }),
      ),
    blueskyPosts: (
      actor: string,
      query: Query<'listBlueskyPosts'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listBlueskyPosts'>> =>
      call(options, (init) =>
        api.GET('/v2/social/bluesky/profiles/{actor}/posts', {
          ...init,
          params: { path: { actor }, query },
        }),
      ),
    blueskyPost: (
      actor: string,
      rkey: string,
      query: Query<'getBlueskyPost'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getBlueskyPost'>> =>
      call(options, (init) =>
        api.GET('/v2/social/bluesky/profiles/{actor}/posts/{rkey}', {
          ...init,
          params: { path: { actor, rkey }, query },
        }),
      ),
    blueskyThread: (
      actor: string,
      rkey: string,
      query: Query<'getBlueskyThread'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getBlueskyThread'>> =>
      call(options, (init) =>
        api.GET('/v2/social/bluesky/profiles/{actor}/posts/{rkey}/thread', {
          ...init,
          params: { path: { actor, rkey }, query },
        }),
      ),
    lookupBlueskyPost: (
      query: Query<'lookupBlueskyPost'>,
      options: CallOptions = {},
    ): Promise<Ok<'lookupBlueskyPost'>> =>
      call(options, (init) => api.GET('/v2/social/bluesky/posts/lookup', { ...init, params: { query } })),
    mastodonAccount: (
      account: string,
      query: Query<'getMastodonAccount'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getMastodonAccount'>> =>
      call(options, (init) =>
        api.GET('/v2/social/mastodon/accounts/{account}', {
          ...init,
          params: { path: { account }, query },
        }),
      ),
    mastodonPosts: (
      account: string,
      query: Query<'listMastodonPosts'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listMastodonPosts'>> =>
      call(options, (init) =>
        api.GET('/v2/social/mastodon/accounts/{account}/posts', {
          ...init,
          params: { path: { account }, query },
        }),
      ),
    mastodonTag: (
      tag: string,
      query: Query<'getMastodonTag'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getMastodonTag'>> =>
      call(options, (init) =>
        api.GET('/v2/social/mastodon/tags/{tag}', { ...init, params: { path: { tag }, query } }),
      ),
    mastodonTagPosts: (
      tag: string,
      query: Query<'listMastodonTagPosts'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listMastodonTagPosts'>> =>
      call(options, (init) =>
        api.GET('/v2/social/mastodon/tags/{tag}/posts', { ...init, params: { path: { tag }, query } }),
      ),
    hackerNewsItem: (
      id: string,
      query: Query<'getHackerNewsItem'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getHackerNewsItem'>> =>
      call(options, (init) =>
        api.GET('/v2/social/hackernews/items/{id}', { ...init, params: { path: { id }, query } }),
      ),
    hackerNewsComments: (
      id: string,
      query: Query<'listHackerNewsComments'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listHackerNewsComments'>> =>
      call(options, (init) =>
        api.GET('/v2/social/hackernews/items/{id}/comments', {
          ...init,
          params: { path: { id }, query },
        }),
      ),
    hackerNewsUser: (
      user: string,
      query: Query<'getHackerNewsUser'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getHackerNewsUser'>> =>
      call(options, (init) =>
        api.GET('/v2/social/hackernews/users/{user}', { ...init, params: { path: { user }, query } }),
      ),
    hackerNewsSubmissions: (
      user: string,
      query: Query<'listHackerNewsSubmissions'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listHackerNewsSubmissions'>> =>
      call(options, (init) =>
        api.GET('/v2/social/hackernews/users/{user}/submissions', {
          ...init,
          params: { path: { user }, query },
        }),
      ),
    hackerNewsStories: (
      list: operations['listHackerNewsStories']['parameters']['path']['list'],
      query: Query<'listHackerNewsStories'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listHackerNewsStories'>> =>
      call(options, (init) =>
        api.GET('/v2/social/hackernews/stories/{list}', { ...init, params: { path: { list }, query } }),
      ),
  }
}

export type SocialApi = ReturnType<typeof socialApi>
