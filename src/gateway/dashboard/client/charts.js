// @ts-check
/**
 * The account page's usage charts: inline SVG built with DOM calls, role="img" with a title and a
 * description that says what a sighted reader takes from the chart (total, busiest day, today). No
 * style attributes: colours come from the stylesheet (CSP style-src 'self').
 */

/**
 * @typedef {{ day: string, requests: number, bytes: number }} Day
 * @typedef {(n: number, compact: boolean) => string} Format
 */

const svgNs = 'http://www.w3.org/2000/svg'
export const shortDay = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})
export const longDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** @param {string} day */
export function utcDay(day) {
  return new Date(day + 'T00:00:00Z')
}

/**
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 * @param {string} [text]
 */
function svg(name, attributes, text) {
  const el = document.createElementNS(svgNs, name)
  Object.keys(attributes).forEach((key) => el.setAttribute(key, String(attributes[key])))
  if (text !== undefined) el.textContent = text
  return el
}

/**
 * 1, 2 or 5 times a power of ten, and at least 2: gridline labels people read at a glance.
 * @param {number} max
 */
function niceMax(max) {
  if (max <= 2) return 2
  const power = Math.pow(10, Math.floor(Math.log10(max)))
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power
  return 10 * power
}

/**
 * @param {readonly Day[]} days
 * @param {number} i
 * @returns {Day}
 */
function dayAt(days, i) {
  const day = days[i]
  if (day === undefined) throw new Error('no day ' + String(i))
  return day
}

/**
 * @param {readonly Day[]} days
 * @param {'requests' | 'bytes'} key
 * @param {number[]} values
 * @param {Format} format
 */
function summary(days, key, values, format) {
  const total = values.reduce((sum, v) => sum + v, 0)
  if (total === 0) return 'No ' + (key === 'requests' ? 'requests' : 'data') + ' in these days.'
  let top = 0
  values.forEach((v, i) => {
    if (v > (values[top] ?? 0)) top = i
  })
  return (
    `${format(total, false)} in total; the busiest day was ${longDay.format(utcDay(dayAt(days, top).day))}` +
    ` with ${format(values[top] ?? 0, false)}; today so far ${format(values[values.length - 1] ?? 0, false)}.`
  )
}

/**
 * One chart of the days, sized to its box.
 * @param {Element} container
 * @param {readonly Day[]} days
 * @param {'requests' | 'bytes'} key
 * @param {Format} format
 */
export function drawChart(container, days, key, format) {
  const width = Math.max(200, Math.floor(container.clientWidth))
  const height = 160
  const left = 52
  const right = 6
  const top = 10
  const bottom = 26
  const values = days.map((d) => d[key])
  const max = niceMax(Math.max(...values, 0))
  const plotW = width - left - right
  const plotH = height - top - bottom
  const band = plotW / Math.max(1, values.length)
  const id = 'chart-' + key
  const chart = svg('svg', {
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-labelledby': id + '-title ' + id + '-desc',
    class: 'chart-svg',
    focusable: 'false',
  })
  const first = dayAt(days, 0)
  const last = dayAt(days, days.length - 1)
  chart.appendChild(
    svg(
      'title',
      { id: id + '-title' },
      `${key === 'requests' ? 'Requests' : 'Data'} per day, ${shortDay.format(utcDay(first.day))} to ${shortDay.format(utcDay(last.day))}`,
    ),
  )
  chart.appendChild(svg('desc', { id: id + '-desc' }, summary(days, key, values, format)))
  // Counts have no halves: a middle line only where it is a whole number.
  ;(max % 2 === 0 ? [0, max / 2, max] : [0, max]).forEach((tick) => {
    const y = top + plotH - (tick / max) * plotH
    chart.appendChild(
      svg('line', { x1: left, x2: width - right, y1: y, y2: y, class: tick === 0 ? 'axis-line' : 'grid' }),
    )
    chart.appendChild(
      svg('text', { x: left - 6, y: y + 4, 'text-anchor': 'end', class: 'tick' }, format(tick, true)),
    )
  })
  values.forEach((value, i) => {
    if (value <= 0) return
    const h = Math.max(1, (value / max) * plotH)
    const bar = svg('rect', {
      x: left + i * band + band * 0.15,
      y: top + plotH - h,
      width: Math.max(1, band * 0.7),
      height: h,
      class: i === values.length - 1 ? 'bar is-today' : 'bar',
    })
    bar.appendChild(
      svg('title', {}, shortDay.format(utcDay(dayAt(days, i).day)) + ': ' + format(value, false)),
    )
    chart.appendChild(bar)
  })
  /** @type {[number, 'start' | 'middle' | 'end'][]} */
  const marks = [
    [0, 'start'],
    [Math.floor((values.length - 1) / 2), 'middle'],
    [values.length - 1, 'end'],
  ]
  marks.forEach(([i, anchor]) => {
    const x = anchor === 'start' ? left : anchor === 'end' ? width - right : left + (i + 0.5) * band
    chart.appendChild(
      svg(
        'text',
        { x, y: height - 8, 'text-anchor': anchor, class: 'tick' },
        shortDay.format(utcDay(dayAt(days, i).day)),
      ),
    )
  })
  container.textContent = ''
  container.appendChild(chart)
}
