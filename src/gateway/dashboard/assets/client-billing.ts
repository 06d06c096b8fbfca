/**
 * Client script, part 5: the account page's billing parts, filled from GET /v2/account/usage. The two
 * charts are inline SVG built with DOM calls, sized to their box in CSS pixels (redrawn when it changes)
 * so text stays legible on a phone. Each is role="img" with a title and a description that says what a
 * sighted reader takes from it; the table under "Show the numbers" holds every value.
 */
export const clientBilling = String.raw`
  // Billing -----------------------------------------------------------------------------------------
  var svgNs = 'http://www.w3.org/2000/svg';
  var countFormat = new Intl.NumberFormat();
  var compactFormat = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
  var shortDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  var longDay = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  var monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  var planNames = { trial: 'Trial', entry: 'Entry', growth: 'Growth', scale: 'Scale' };
  var recent = [];
  var drawnWidth = 0;

  function utcDay(day) { return new Date(day + 'T00:00:00Z'); }

  function formatBytes(n, compact) {
    var units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];
    var i = 0;
    while (n >= 1000 && i < units.length - 1) { n /= 1000; i++; }
    var digits = i === 0 ? 0 : (n < 10 ? 1 : 0);
    return n.toLocaleString(undefined, { maximumFractionDigits: compact ? digits : (i === 0 ? 0 : 2) }) + ' ' + units[i];
  }

  function usd(money) { return money.usd + ' USD'; }

  function showUsage(u) {
    var paid = u.plan !== 'trial' || u.billed_plan !== 'trial';
    fill('[data-usage="period"]', monthFormat.format(new Date(u.period.start)) + ' (UTC)');
    var terms = paid
      ? ': ' + usd(u.charge.plan_fee) + ' a month with ' + countFormat.format(u.requests.included) + ' requests, then ' + usd(u.charge.overage_per_1000) + ' per 1,000'
      : '';
    fill('[data-usage="plan"]', u.billed_plan !== u.plan
      ? planNames[u.plan] + ' now; this month is billed on ' + planNames[u.billed_plan] + terms
      : planNames[u.plan] + terms);
    fill('[data-usage="requests"]', paid
      ? countFormat.format(u.requests.used) + ' of ' + countFormat.format(u.requests.included) + ' included'
      : countFormat.format(u.requests.used) + ' this month');
    document.querySelector('[data-usage-row="overage"]').hidden = !paid;
    if (paid) {
      fill('[data-usage="overage"]', countFormat.format(u.requests.overage) + (u.requests.overage === 1 ? ' request' : ' requests'));
    }
    fill('[data-usage="bytes"]', formatBytes(u.bytes, false));
    fill('[data-usage="charge"]', paid
      ? usd(u.charge.total) + ' (' + u.charge.plan_fee.usd + ' plan fee + ' + u.charge.overage.usd + ' beyond the plan)'
      : usd(u.charge.total) + ': the trial costs nothing');
    document.getElementById('usage-loading').hidden = true;
    document.getElementById('usage-details').hidden = false;
  }

  function showCap(cap) {
    var current = document.getElementById('cap-current');
    current.textContent = cap
      ? 'Your cap: ' + usd(cap) + ' a month.'
      : 'No cap is set: requests beyond your plan are billed at its rate.';
    var input = document.getElementById('spend-cap-cap_usd');
    if (cap) input.value = cap.usd;
    document.getElementById('cap-clear').hidden = !cap;
  }

  function capSaved(cap) {
    showCap(cap);
    if (!cap) document.getElementById('spend-cap-cap_usd').value = '';
    say(cap ? 'Spending cap saved: ' + usd(cap) + ' a month.' : 'Spending cap removed.', 'success');
  }

  function svg(name, attributes, text) {
    var el = document.createElementNS(svgNs, name);
    Object.keys(attributes).forEach(function (key) { el.setAttribute(key, String(attributes[key])); });
    if (text !== undefined) el.textContent = text;
    return el;
  }

  /** 1, 2 or 5 times a power of ten, and at least 2: gridline labels people read at a glance. */
  function niceMax(max) {
    if (max <= 2) return 2;
    var power = Math.pow(10, Math.floor(Math.log10(max)));
    var steps = [1, 2, 5, 10];
    for (var i = 0; i < steps.length; i++) if (steps[i] * power >= max) return steps[i] * power;
    return 10 * power;
  }

  function summary(key, values, format) {
    var total = values.reduce(function (sum, v) { return sum + v; }, 0);
    if (total === 0) return 'No ' + (key === 'requests' ? 'requests' : 'data') + ' in these days.';
    var top = 0;
    values.forEach(function (v, i) { if (v > values[top]) top = i; });
    return format(total, false) + ' in total; the busiest day was ' + longDay.format(utcDay(recent[top].day)) +
      ' with ' + format(values[top], false) + '; today so far ' + format(values[values.length - 1], false) + '.';
  }

  function drawChart(container, key, format) {
    var width = Math.max(200, Math.floor(container.clientWidth));
    var height = 160, left = 52, right = 6, top = 10, bottom = 26;
    var values = recent.map(function (d) { return d[key]; });
    var max = niceMax(Math.max.apply(null, values.concat([0])));
    var plotW = width - left - right, plotH = height - top - bottom;
    var band = plotW / Math.max(1, values.length);
    var id = 'chart-' + key;
    var chart = svg('svg', { width: width, height: height, viewBox: '0 0 ' + width + ' ' + height, role: 'img',
      'aria-labelledby': id + '-title ' + id + '-desc', 'class': 'chart-svg', focusable: 'false' });
    var first = recent[0], last = recent[recent.length - 1];
    chart.appendChild(svg('title', { id: id + '-title' },
      (key === 'requests' ? 'Requests' : 'Data') + ' per day, ' + shortDay.format(utcDay(first.day)) + ' to ' + shortDay.format(utcDay(last.day))));
    chart.appendChild(svg('desc', { id: id + '-desc' }, summary(key, values, format)));
    // Counts have no halves: a middle line only where it is a whole number.
    (max % 2 === 0 ? [0, max / 2, max] : [0, max]).forEach(function (tick) {
      var y = top + plotH - (tick / max) * plotH;
      chart.appendChild(svg('line', { x1: left, x2: width - right, y1: y, y2: y, 'class': tick === 0 ? 'axis-line' : 'grid' }));
      chart.appendChild(svg('text', { x: left - 6, y: y + 4, 'text-anchor': 'end', 'class': 'tick' }, format(tick, true)));
    });
    values.forEach(function (value, i) {
      if (value <= 0) return;
      var h = Math.max(1, (value / max) * plotH);
      var bar = svg('rect', { x: left + i * band + band * 0.15, y: top + plotH - h, width: Math.max(1, band * 0.7), height: h,
        'class': i === values.length - 1 ? 'bar is-today' : 'bar' });
      bar.appendChild(svg('title', {}, shortDay.format(utcDay(recent[i].day)) + ': ' + format(value, false)));
      chart.appendChild(bar);
    });
    [[0, 'start'], [Math.floor((values.length - 1) / 2), 'middle'], [values.length - 1, 'end']].forEach(function (mark) {
      var i = mark[0];
      var x = mark[1] === 'start' ? left : mark[1] === 'end' ? width - right : left + (i + 0.5) * band;
      chart.appendChild(svg('text', { x: x, y: height - 8, 'text-anchor': mark[1], 'class': 'tick' }, shortDay.format(utcDay(recent[i].day))));
    });
    container.textContent = '';
    container.appendChild(chart);
  }

  function countOf(n, compact) { return compact ? compactFormat.format(n) : countFormat.format(n); }

  function drawCharts() {
    var requests = document.querySelector('[data-chart="requests"]');
    if (!recent.length || !requests) return;
    drawnWidth = requests.clientWidth;
    drawChart(requests, 'requests', countOf);
    drawChart(document.querySelector('[data-chart="bytes"]'), 'bytes', formatBytes);
  }

  function fillUsageTable() {
    var tbody = document.querySelector('#usage-table tbody');
    tbody.textContent = '';
    recent.forEach(function (d) {
      var row = document.createElement('tr');
      var day = document.createElement('th');
      day.scope = 'row';
      day.appendChild(time(d.day, longDay));
      row.appendChild(day);
      var requests = document.createElement('td');
      requests.className = 'number';
      requests.textContent = countFormat.format(d.requests);
      row.appendChild(requests);
      var bytes = document.createElement('td');
      bytes.className = 'number';
      bytes.textContent = formatBytes(d.bytes, false);
      row.appendChild(bytes);
      tbody.appendChild(row);
    });
  }

  async function loadUsage() {
    var r = await api('GET', '/v2/account/usage' + '?days=30');
    if (!r.ok) {
      if (r.problem.code === 'session_required') return toSignIn();
      return say(r.problem.detail || 'Could not load your usage.', 'error');
    }
    showUsage(r.data.usage);
    showCap(r.data.usage.spend_cap);
    recent = r.data.recent_days;
    document.getElementById('history-loading').hidden = true;
    document.getElementById('charts').hidden = false;
    document.getElementById('history-numbers').hidden = false;
    drawCharts();
    fillUsageTable();
  }

  function setUpBilling() {
    var box = document.querySelector('[data-chart="requests"]');
    if (box && 'ResizeObserver' in window) {
      var queued = false;
      new ResizeObserver(function () {
        if (queued || box.clientWidth === drawnWidth) return;
        queued = true;
        requestAnimationFrame(function () { queued = false; drawCharts(); });
      }).observe(box);
    }
    return loadUsage();
  }
`
