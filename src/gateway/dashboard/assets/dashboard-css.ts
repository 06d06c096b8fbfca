/**
 * The dashboard's one stylesheet: system fonts only, light and dark from `prefers-color-scheme`, a
 * visible focus ring on everything, touch targets of at least 44 px, and a key list that turns into
 * cards on narrow screens (down to 360 px).
 */
export const dashboardCss = `:root {
  color-scheme: light dark;
  --fg: #1b1f24; --bg: #f6f8fa; --card: #fff; --muted: #57606a; --line: #d0d7de; --field: #fff;
  --accent: #0b5cad; --accent-fg: #fff; --focus: #0969da; --code: #eef1f4;
  --danger: #b42318; --danger-bg: #fdecea; --success: #1a7f37; --success-bg: #e6f4ea;
  --warning: #7a4d00; --warning-bg: #fff6db;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fg: #e6edf3; --bg: #0d1117; --card: #161b22; --muted: #9da7b3; --line: #3d444d; --field: #0d1117;
    --accent: #4493f8; --accent-fg: #0d1117; --focus: #79c0ff; --code: #22272e;
    --danger: #ff8a80; --danger-bg: #3a1714; --success: #56d364; --success-bg: #12261a;
    --warning: #f2cc60; --warning-bg: #2e2411;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); text-underline-offset: .15em; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
main:focus, h2[tabindex]:focus, section[tabindex]:focus { outline: none; }
.skip { position: absolute; left: .5rem; top: -4rem; z-index: 10; padding: .5rem .75rem; background: var(--card); border: 2px solid var(--focus); border-radius: 6px; }
.skip:focus { top: .5rem; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }

.top { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1.5rem; padding: .5rem 1rem; background: var(--card); border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; font-size: 1.1rem; color: var(--fg); text-decoration: none; padding: .5rem 0; }
.brand span { font-weight: 400; color: var(--muted); }
.top nav ul { display: flex; flex-wrap: wrap; gap: 0 .25rem; margin: 0; padding: 0; list-style: none; }
.top nav a { display: inline-block; padding: .6rem .6rem; border-radius: 6px; text-decoration: none; }
.top nav a:hover { text-decoration: underline; }
.top nav a[aria-current="page"] { color: var(--fg); font-weight: 600; box-shadow: inset 0 -3px 0 var(--accent); border-radius: 0; }
.who { margin: 0 0 0 auto; color: var(--muted); font-size: .9rem; overflow-wrap: anywhere; }

main { max-width: 34rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
main.wide { max-width: 64rem; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: .5rem 0 1rem; }
h2 { font-size: 1.25rem; margin: 0 0 .75rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
.lead { font-size: 1.05rem; color: var(--muted); margin-top: -.25rem; }
.muted, .aside { color: var(--muted); }
.break { overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
code { background: var(--code); padding: .1em .3em; border-radius: 4px; }

.card, .panel { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1.25rem; margin: 0 0 1.5rem; }
.card > :last-child, .panel > :last-child, form > :last-child { margin-bottom: 0; }
.panel.is-success { border-color: var(--success); }
.panel.is-warning { border: 2px solid var(--warning); }
.warning { background: var(--warning-bg); color: var(--fg); border-left: 4px solid var(--warning); padding: .6rem .75rem; border-radius: 4px; }

.status:empty { display: none; }
.status, .notice { padding: .75rem 1rem; border-radius: 8px; margin: 0 0 1.25rem; border-left: 5px solid var(--accent); background: var(--card); }
.status.is-error, .notice.is-error { border-left-color: var(--danger); background: var(--danger-bg); }
.status.is-success, .notice.is-success { border-left-color: var(--success); background: var(--success-bg); }
.status a, .notice a { font-weight: 600; }

form { margin: 0; }
.field { margin: 0 0 1.25rem; padding: 0; border: 0; min-width: 0; }
label, legend { display: block; font-weight: 600; margin-bottom: .25rem; padding: 0; }
.hint { color: var(--muted); font-size: .92rem; margin: 0 0 .4rem; }
.field-error { color: var(--danger); font-weight: 600; margin: 0 0 .4rem; }
.field-error::before { content: "\\26A0\\FE0E  "; }
input[type="email"], input[type="password"], input[type="text"] {
  display: block; width: 100%; min-height: 2.75rem; padding: .55rem .7rem; font: inherit; color: var(--fg);
  background: var(--field); border: 2px solid var(--line); border-radius: 6px;
}
input:focus-visible { border-color: var(--focus); }
input[aria-invalid="true"], fieldset[aria-invalid="true"] input { border-color: var(--danger); }
input[readonly] { background: var(--code); }
fieldset[aria-invalid="true"] { border-left: 4px solid var(--danger); padding-left: .75rem; }
.check { display: flex; align-items: flex-start; gap: .6rem; margin: .4rem 0; }
.check input { width: 1.35rem; height: 1.35rem; margin: .15rem 0 0; flex: none; accent-color: var(--accent); }
.check label { font-weight: 400; margin: 0; }

.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: .5rem; }
.button { display: inline-flex; align-items: center; justify-content: center; min-height: 2.75rem; padding: .55rem 1.1rem;
  font: inherit; font-weight: 600; line-height: 1.2; color: var(--accent-fg); background: var(--accent); border: 2px solid var(--accent);
  border-radius: 6px; cursor: pointer; text-decoration: none; }
.button:hover { filter: brightness(1.08); }
.button.secondary { color: var(--accent); background: transparent; }
.button.danger { color: #fff; background: var(--danger); border-color: var(--danger); }
@media (prefers-color-scheme: dark) { .button.danger { color: #1b0a08; } }
.button.small { min-height: 2.25rem; padding: .3rem .75rem; font-size: .92rem; }
.button[disabled], form[aria-busy="true"] .button { opacity: .65; cursor: progress; }
#signout-all { margin-top: .25rem; }
#signout-all-hint { margin: 1.25rem 0 .5rem; padding-top: 1rem; border-top: 1px solid var(--line); }

.copy-row { display: flex; gap: .5rem; margin-bottom: .5rem; }
.copy-row input { flex: 1; min-width: 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.example { background: var(--code); padding: .75rem; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
.example code { background: none; padding: 0; }

table.keys { width: 100%; border-collapse: separate; border-spacing: 0; background: var(--card); border: 1px solid var(--line); border-radius: 10px; }
.keys th, .keys td { text-align: left; padding: .6rem .75rem; border-bottom: 1px solid var(--line); vertical-align: middle; }
.keys thead th { font-size: .9rem; color: var(--muted); }
.keys tbody th { font-weight: 600; overflow-wrap: anywhere; }
.keys td:last-child { text-align: right; }
.keys tbody tr:last-child > * { border-bottom: 0; }

dl.details { margin: 0 0 1rem; }
dl.details > div { display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: .5rem 0; border-bottom: 1px solid var(--line); }
dl.details > div:last-child { border-bottom: 0; }
dl.details > div[hidden] { display: none; }
dt { min-width: 9rem; color: var(--muted); }
dd { margin: 0; font-weight: 600; min-width: 0; }
meter { display: block; width: 100%; height: 1.25rem; margin: .25rem 0 .75rem; }

/* Usage charts: inline SVG drawn by the script; colours from here, never from style attributes. */
.charts { display: grid; gap: 1.25rem; margin: 0 0 1rem; }
.chart { margin: 0; min-width: 0; }
.chart figcaption { font-weight: 600; margin-bottom: .25rem; }
.chart-canvas { width: 100%; min-height: 160px; }
.chart-svg { display: block; max-width: 100%; overflow: visible; }
.chart-svg .bar { fill: var(--accent); }
.chart-svg .bar.is-today { fill-opacity: .55; }
.chart-svg .grid { stroke: var(--line); stroke-dasharray: 3 3; }
.chart-svg .axis-line { stroke: var(--muted); }
.chart-svg .tick { fill: var(--muted); font-size: 12px; }
.numbers > summary { cursor: pointer; font-weight: 600; padding: .6rem 0; }
.table-scroll { overflow-x: auto; }
table.usage-table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.usage-table caption { text-align: left; color: var(--muted); font-size: .9rem; padding: 0 0 .5rem; }
.usage-table th, .usage-table td { padding: .35rem .5rem; border-bottom: 1px solid var(--line); text-align: left; font-weight: 400; }
.usage-table thead th { color: var(--muted); font-size: .9rem; font-weight: 600; }
.usage-table .number { text-align: right; }
#cap-current { font-weight: 600; }
.cap-clear { margin-top: 1.25rem; padding-top: 1rem; border-top: 1px solid var(--line); }

dialog { max-width: min(30rem, calc(100vw - 2rem)); padding: 1.5rem; color: var(--fg); background: var(--card); border: 1px solid var(--line); border-radius: 10px; }
dialog::backdrop { background: rgb(0 0 0 / .55); }

@media (max-width: 40rem) {
  h1 { font-size: 1.5rem; }
  .who { margin-left: 0; width: 100%; }
  .top nav ul { margin-left: -.4rem; }
  .top nav a { padding: .55rem .4rem; }
  dl.details > div { display: block; }
  dt { min-width: 0; }
  .card, .panel { padding: 1rem; }
  table.keys, .keys tbody, .keys tr, .keys th, .keys td { display: block; }
  table.keys { border: 0; background: none; }
  .keys thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .keys tbody tr { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: .5rem .75rem; margin-bottom: .75rem; }
  .keys tbody th, .keys tbody td { border: 0; padding: .3rem 0; text-align: left; }
  .keys tbody th { font-size: 1.05rem; }
  .keys td[data-label]::before { content: attr(data-label); display: inline-block; min-width: 6.5rem; color: var(--muted); }
  .keys td:last-child { text-align: left; padding-top: .5rem; }
  .copy-row { flex-wrap: wrap; }
  .copy-row .button { width: 100%; }
}
@media (prefers-reduced-motion: no-preference) { html { scroll-behavior: smooth; } }
`
