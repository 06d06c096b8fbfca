export function socialApi(api, call) {
    return {
        platforms: (options = {}) => call(options, (init) => api.GET('/v2/social/platforms', init)),
        blueskyProfiles: (query, options = {}) => call(options, (init) => api.GET('/v2/social/bluesky/profiles', { ...init, params: { query } })),
        blueskyProfile: (actor, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/bluesky/profiles/{actor}', { ...init, params: { path: { actor }, query } })),
        blueskyPosts: (actor, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/bluesky/profiles/{actor}/posts', {
            ...init,
            params: { path: { actor }, query },
        })),
        blueskyPost: (actor, rkey, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/bluesky/profiles/{actor}/posts/{rkey}', {
            ...init,
            params: { path: { actor, rkey }, query },
        })),
        blueskyThread: (actor, rkey, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/bluesky/profiles/{actor}/posts/{rkey}/thread', {
            ...init,
            params: { path: { actor, rkey }, query },
        })),
        lookupBlueskyPost: (query, options = {}) => call(options, (init) => api.GET('/v2/social/bluesky/posts/lookup', { ...init, params: { query } })),
        mastodonAccount: (account, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/mastodon/accounts/{account}', {
            ...init,
            params: { path: { account }, query },
        })),
        mastodonPosts: (account, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/mastodon/accounts/{account}/posts', {
            ...init,
            params: { path: { account }, query },
        })),
        mastodonTag: (tag, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/mastodon/tags/{tag}', { ...init, params: { path: { tag }, query } })),
        mastodonTagPosts: (tag, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/mastodon/tags/{tag}/posts', { ...init, params: { path: { tag }, query } })),
        hackerNewsItem: (id, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/hackernews/items/{id}', { ...init, params: { path: { id }, query } })),
        hackerNewsComments: (id, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/hackernews/items/{id}/comments', {
            ...init,
            params: { path: { id }, query },
        })),
        hackerNewsUser: (user, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/hackernews/users/{user}', { ...init, params: { path: { user }, query } })),
        hackerNewsSubmissions: (user, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/hackernews/users/{user}/submissions', {
            ...init,
            params: { path: { user }, query },
        })),
        hackerNewsStories: (list, query = {}, options = {}) => call(options, (init) => api.GET('/v2/social/hackernews/stories/{list}', { ...init, params: { path: { list }, query } })),
    };
}
