/**
 * A fake of the official Hacker News API (github.com/HackerNews/API): /v0/item/<id>.json,
 * /v0/user/<id>.json and the six story lists. A missing item or user is a 200 with the body `null`;
 * deleted items keep only `id`, `deleted`, `type`, `time` (and `parent`); dead items carry `dead: true`.
 * Firebase answers an unknown path with 401 `{"error": "Permission denied"}`.
 */
import { sendJson, startFakeServer, type FakeServer } from './fake-server.ts'

type Json = Record<string, unknown>

export const hn = {
  /** A story with a comment tree: 12 top-level comments, each with 2 replies, each of those with 1. */
  story: 1000,
  topLevel: 12,
  deletedComment: 1101,
  deadComment: 1102,
  /** A story whose tree (30 top-level comments with 5 replies each) is larger than one page's item budget. */
  bigStory: 2000,
  bigTopLevel: 30,
  /** The user with 45 submissions. */
  user: 'pg',
  submissions: 45,
  /** Ids in the lists that are missing upstream (HN answers null). */
  missing: 999_999,
}

const time = 1_700_000_000

export type FakeHackerNews = FakeServer & { items: Map<number, Json> }

export async function startFakeHackerNews(host: string): Promise<FakeHackerNews> {
  const items = new Map<number, Json>()
  const add = (item: Json) => items.set(item.id as number, item)

  const topIds: number[] = []
  for (let n = 0; n < hn.topLevel; n++) topIds.push(1100 + n)
  add({
    by: 'dhouston',
    descendants: hn.topLevel * 4,
    id: hn.story,
    kids: topIds,
    score: 111,
    time,
    title: 'My YC app: Dropbox',
    type: 'story',
    url: 'http://www.getdropbox.com/u/2/screencast.html',
  })
  for (const [n, id] of topIds.entries()) {
    const replies = [id * 10, id * 10 + 1]
    if (id === hn.deletedComment) {
      add({ deleted: true, id, parent: hn.story, time: time + n, type: 'comment', kids: replies })
    } else {
      add({
        by: `user${n}`,
        id,
        kids: replies,
        parent: hn.story,
        text: `Top comment ${n} &#x27;quoted&#x27;<p>Second paragraph <a href="https:&#x2F;&#x2F;example.com">link</a>`,
        time: time + n,
        type: 'comment',
        ...(id === hn.deadComment ? { dead: true } : {}),
      })
    }
    for (const reply of replies) {
      add({
        by: `replier${reply}`,
        id: reply,
        kids: [reply * 10],
        parent: id,
        text: `Reply ${reply}`,
        time: time + 100,
        type: 'comment',
      })
      add({
        by: `deep${reply}`,
        id: reply * 10,
        parent: reply,
        text: `Deep reply ${reply * 10}`,
        time: time + 200,
        type: 'comment',
      })
    }
  }

  const bigKids: number[] = []
  for (let n = 0; n < hn.bigTopLevel; n++) {
    const id = 20_000 + n * 10
    bigKids.push(id)
    const replies = [1, 2, 3, 4, 5].map((k) => id + k)
    add({ by: 'talker', id, kids: replies, parent: hn.bigStory, text: `Big ${n}`, time, type: 'comment' })
    for (const reply of replies)
      add({ by: 'answerer', id: reply, parent: id, text: `Answer ${reply}`, time, type: 'comment' })
  }
  add({
    by: 'pg',
    descendants: hn.bigTopLevel * 6,
    id: hn.bigStory,
    kids: bigKids,
    score: 900,
    time,
    title: 'A busy thread',
    type: 'story',
  })

  const stories: number[] = []
  for (let n = 0; n < 75; n++) {
    const id = 5000 + n
    stories.push(id)
    add({
      by: `author${n % 9}`,
      descendants: n,
      id,
      kids: [],
      score: 500 - n,
      time: time - n * 60,
      title: `Story ${n}`,
      type: n % 10 === 9 ? 'job' : 'story',
      url: `https://example.com/story/${n}`,
    })
  }
  // A list can name an item the API no longer has.
  stories.splice(10, 0, hn.missing)
  add({
    by: 'asker',
    descendants: 0,
    id: 6000,
    kids: [],
    score: 10,
    text: 'Ask HN: <i>anything</i>?',
    time,
    title: 'Ask HN: anything?',
    type: 'story',
  })
  add({
    by: 'pg',
    id: 7000,
    kids: [7001],
    parts: [7001],
    score: 50,
    text: '',
    time,
    title: 'Poll: tabs or spaces',
    type: 'poll',
    descendants: 1,
  })
  add({ by: 'pg', id: 7001, poll: 7000, score: 30, text: 'Tabs', time, type: 'pollopt' })

  const submitted: number[] = []
  for (let n = 0; n < hn.submissions; n++) {
    const id = 8000 + hn.submissions - n
    submitted.push(id)
    add({
      by: hn.user,
      id,
      parent: hn.story,
      text: `Submission ${n}`,
      time: time + 1000 - n,
      type: 'comment',
    })
  }
  const users: Record<string, Json> = {
    [hn.user]: {
      about: 'Bug fixer.<p>Essays at <a href="http:&#x2F;&#x2F;paulgraham.com">paulgraham.com</a>',
      created: 1160418092,
      id: hn.user,
      karma: 155111,
      submitted,
    },
  }

  const lists: Record<string, number[]> = {
    topstories: stories,
    newstories: [...stories].reverse(),
    beststories: stories.slice(0, 40),
    askstories: [6000],
    showstories: stories.slice(5, 12),
    jobstories: stories.filter((id) => (items.get(id)?.type ?? '') === 'job'),
  }

  const fake = (await startFakeServer(host, ({ url }, response) => {
    let match = /^\/v0\/item\/(\d+)\.json$/.exec(url.pathname)
    if (match !== null) return sendJson(response, 200, items.get(Number(match[1])) ?? null)
    match = /^\/v0\/user\/([^/]+)\.json$/.exec(url.pathname)
    if (match !== null) return sendJson(response, 200, users[decodeURIComponent(match[1]!)] ?? null)
    match = /^\/v0\/(\w+)\.json$/.exec(url.pathname)
    if (match !== null && lists[match[1]!] !== undefined) return sendJson(response, 200, lists[match[1]!])
    return sendJson(response, 401, { error: 'Permission denied' })
  })) as FakeHackerNews
  fake.items = items
  return fake
}
