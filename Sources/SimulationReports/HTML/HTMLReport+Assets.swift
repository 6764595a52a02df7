extension HTMLReport {
    /// The page's style sheet: system fonts only, nothing fetched; the colours of the page are variables, dark when the system is.
    static let styles = """
        :root{color-scheme:light dark;--ink:#1f2937;--ink-strong:#111827;--muted:#6b7280;--line:#e5e7eb;--page:#f4f5f7;--card:#fff;\
        --soft:#f8fafc;--softer:#f1f5f9;--grid:#eef0f3;--diag-row:#fff7f7;--band:#eef2f7;--axis:#9ca3af;--tick-ink:#4b5563;\
        --error:#dc2626;--warning:#d97706;--info:#2563eb;--ok:#166534;--ok-bg:#dcfce7;--bad:#991b1b;--bad-bg:#fee2e2;\
        --warn:#92400e;--warn-bg:#fef3c7;--note:#1e40af;--note-bg:#dbeafe;--break:#fff;--button:#0f172a;--button-ink:#fff;\
        --mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
        @media (prefers-color-scheme:dark){:root{--ink:#e5e7eb;--ink-strong:#f3f4f6;--muted:#9ca3af;--line:#374151;--page:#0b1120;\
        --card:#111827;--soft:#162032;--softer:#1f2937;--grid:#1f2a3a;--diag-row:#2a1618;--band:#1a2436;--axis:#6b7280;\
        --tick-ink:#cbd5e1;--ok:#86efac;--ok-bg:#14351f;--bad:#fca5a5;--bad-bg:#3b1518;--warn:#fcd34d;--warn-bg:#3a2a0c;\
        --note:#93c5fd;--note-bg:#172554;--break:#0b1120;--button:#e5e7eb;--button-ink:#0f172a}}
        *{box-sizing:border-box}
        body{margin:0;padding:20px;background:var(--page);color:var(--ink);\
        font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        a{color:inherit}
        .card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px 20px;margin:0 auto 16px;max-width:1240px;\
        box-shadow:0 1px 2px rgba(15,23,42,.04)}
        .card-head{display:flex;align-items:center;gap:12px;margin-bottom:8px;flex-wrap:wrap}
        h1{font-size:24px;margin:2px 0 6px;display:flex;align-items:center;gap:12px;flex-wrap:wrap}
        h2{font-size:16px;margin:0}
        code{font-family:var(--mono);font-size:12.5px}
        .brand{font-size:12px;letter-spacing:.06em;text-transform:uppercase;color:var(--muted)}
        .verdict{font-size:12px;font-weight:700;letter-spacing:.05em;padding:3px 10px;border-radius:999px}
        .verdict.pass{background:var(--ok-bg);color:var(--ok)}.verdict.fail{background:var(--bad-bg);color:var(--bad)}
        .verdict.unknown{background:var(--line);color:var(--ink);font-weight:600;letter-spacing:0}
        .summary{margin:0 0 12px;max-width:980px}
        .facts{display:flex;flex-wrap:wrap;gap:8px 28px;margin:0 0 12px}
        .facts div{min-width:0}.facts dt{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
        .facts dd{margin:0;font-weight:600}
        .replay{display:flex;align-items:center;gap:10px;background:#0f172a;color:#e2e8f0;border:1px solid var(--line);border-radius:8px;\
        padding:8px 12px;overflow-x:auto}
        .replay span{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:#94a3b8}
        .replay code{user-select:all;white-space:pre;color:#f8fafc}
        .counts{list-style:none;padding:0;margin:12px 0 0;display:flex;flex-wrap:wrap;gap:8px}
        .count{font-size:12.5px;padding:3px 10px;border-radius:999px;background:var(--softer)}
        .count a{text-decoration:none}
        .count.error{background:var(--bad-bg);color:var(--bad)}.count.warning{background:var(--warn-bg);color:var(--warn)}
        .count.info{background:var(--note-bg);color:var(--note)}.count.clean{background:var(--ok-bg);color:var(--ok)}
        .timeline>input{position:absolute;opacity:0;pointer-events:none}
        .switch{margin-left:auto;display:flex;border:1px solid var(--line);border-radius:8px;overflow:hidden}
        .switch label{font-size:12.5px;padding:4px 12px;cursor:pointer;color:var(--muted);background:var(--card)}
        .switch label+label{border-left:1px solid var(--line)}
        #view-days:checked~.card-head label[for=view-days],#view-condensed:checked~.card-head label[for=view-condensed],\
        #view-linear:checked~.card-head label[for=view-linear]{background:var(--button);color:var(--button-ink)}
        #view-days:focus-visible~.card-head label[for=view-days],#view-condensed:focus-visible~.card-head label[for=view-condensed],\
        #view-linear:focus-visible~.card-head label[for=view-linear]{outline:2px solid var(--info)}
        .timeline .view{display:none}
        #view-days:checked~.view-days,#view-condensed:checked~.view-condensed,#view-linear:checked~.view-linear{display:block}
        .hint{margin:0 0 6px;color:var(--muted);font-size:12.5px}
        .zoom{display:flex;gap:6px;align-items:center;margin:0 0 6px;font-size:12.5px;color:var(--muted)}
        .zoom button{font:inherit;min-width:30px;padding:2px 8px;border:1px solid var(--line);border-radius:6px;background:var(--card);\
        color:var(--ink);cursor:pointer}
        .zoom button:hover{background:var(--softer)}
        svg.minimap{display:block;width:100%;border:1px solid var(--line);border-radius:6px;margin:0 0 6px;background:var(--card);\
        cursor:crosshair;touch-action:none}
        .minimap .window{fill:var(--info);fill-opacity:.08;stroke:var(--info);stroke-width:2;vector-effect:non-scaling-stroke}
        .minimap .pick{fill:var(--info);fill-opacity:.2}
        .scroll{overflow-x:auto;overscroll-behavior-x:contain}
        .frame{display:flex;width:max-content;min-width:100%}
        svg.labels{position:sticky;left:0;z-index:2;background:var(--card);flex:none;box-shadow:1px 0 0 var(--line)}
        svg.lanes{display:block;flex:none;font-family:inherit}
        svg.defs{position:absolute}
        svg .rowlabel{font-size:12px;fill:var(--ink-strong)}
        svg .diag-label{fill:var(--bad);font-weight:600}
        svg .heading{font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;fill:var(--muted)}
        svg .band{font-size:12px;font-weight:700;fill:var(--ink)}
        svg .band-row{fill:var(--band)}
        svg .sep{stroke:var(--line)}
        svg .stripe{fill:var(--soft)}
        svg .diag-row{fill:var(--diag-row)}
        .lanes line{vector-effect:non-scaling-stroke}
        .lanes .grid{stroke:var(--grid)}
        .lanes .axis{stroke:var(--axis)}.lanes .tick{stroke:var(--axis)}
        .lanes .ticklabel{font-size:11px;fill:var(--tick-ink);text-anchor:middle}.lanes .ticklabel.first{text-anchor:start}
        .lanes .breaklabel{font-size:10.5px;fill:var(--muted);text-anchor:middle;font-style:italic}
        .lanes .breakmark{stroke:var(--muted)}
        .lanes .break rect{fill:var(--break);fill-opacity:.62}.lanes .break line{stroke:var(--axis);stroke-width:1;stroke-dasharray:2 2}
        .lanes .seglabel{font-size:10.5px;pointer-events:none}
        .lanes rect[class^=s]:hover{stroke:var(--ink-strong);stroke-width:1;vector-effect:non-scaling-stroke}
        .lanes .marker{stroke:var(--card);cursor:pointer}
        .lanes .marker.error,.legend-marker.error{fill:var(--error)}
        .lanes .marker.warning,.legend-marker.warning{fill:var(--warning)}
        .lanes .marker.info,.legend-marker.info{fill:var(--info)}
        .lanes .marker .hit{fill:transparent;stroke:none}
        .mk-ended{fill:var(--ink)}
        .lanes .guide{stroke-width:1;stroke-dasharray:3 3;opacity:.6}
        .lanes .guide.error{stroke:var(--error)}.lanes .guide.warning{stroke:var(--warning)}.lanes .guide.info{stroke:var(--info)}
        .lanes .diag-text{font-size:10.5px;font-family:var(--mono);text-anchor:middle;font-weight:600;pointer-events:none}
        .lanes .diag-text.error{fill:var(--error)}.lanes .diag-text.warning{fill:var(--warning)}.lanes .diag-text.info{fill:var(--info)}
        .lanes .cursor{stroke:var(--ink-strong);stroke-width:1;opacity:.5;pointer-events:none}
        .lanes .cursor-tag{pointer-events:none}.lanes .cursor-tag rect{fill:var(--button)}
        .lanes .cursor-tag text{fill:var(--button-ink);font-size:11px;font-family:var(--mono);text-anchor:middle}
        .lanes .picked{stroke:var(--info);stroke-width:2;vector-effect:non-scaling-stroke}
        .details{margin:8px 0 0;padding:8px 12px;border:1px solid var(--line);border-left:4px solid var(--info);border-radius:8px;\
        background:var(--soft);font-size:12.5px;white-space:pre-line}
        .legend{list-style:none;padding:10px 0 0;margin:8px 0 0;border-top:1px solid var(--line);display:flex;flex-wrap:wrap;gap:6px 18px;\
        font-size:12.5px}
        .legend li{display:flex;align-items:center;gap:6px}
        .swatch{display:inline-block;width:18px;height:11px;border-radius:2px;border:1px solid rgba(127,127,127,.3)}
        .swatch.idle{width:28px;background:linear-gradient(90deg,#f59e0b 0 9px,#94a3b8 9px 10px,#fcd9a0 10px 17px,#94a3b8 17px 18px,#f59e0b 18px)}
        .aside{color:var(--muted);font-size:12.5px}
        .empty{margin:0;color:var(--ok)}
        .diagnostics{list-style:none;padding:0;margin:0;display:grid;gap:10px}
        .diagnostic{border:1px solid var(--line);border-left:4px solid var(--info);border-radius:8px;padding:10px 14px;scroll-margin-top:12px}
        .diagnostic:target{box-shadow:0 0 0 3px var(--info)}
        .diagnostic.error{border-left-color:var(--error)}.diagnostic.warning{border-left-color:var(--warning)}
        .dhead{display:flex;flex-wrap:wrap;align-items:baseline;gap:10px}
        .dhead .num{font-size:12px;color:var(--muted)}
        .dhead .rule{font-weight:700;font-size:13px}
        .dhead .name{font-weight:600}
        .dhead .sev{font-size:11px;text-transform:uppercase;letter-spacing:.05em;padding:1px 7px;border-radius:999px;background:var(--note-bg);color:var(--note)}
        .diagnostic.error .sev{background:var(--bad-bg);color:var(--bad)}.diagnostic.warning .sev{background:var(--warn-bg);color:var(--warn)}
        .dhead .when{margin-left:auto;font-family:var(--mono);font-size:12.5px;color:var(--muted)}
        .subject{color:var(--muted);font-size:12.5px;margin-top:2px}
        .message{margin:6px 0 4px}
        .fix{margin:0;color:var(--ok)}.fix b{font-size:11px;text-transform:uppercase;letter-spacing:.05em;margin-right:6px}
        .more{color:var(--muted);margin:10px 0 0}
        table{border-collapse:collapse;width:100%}
        .byrule{margin-bottom:14px;font-size:13px}.byrule th{text-align:left;font-size:11px;text-transform:uppercase;\
        letter-spacing:.05em;color:var(--muted);border-bottom:1px solid var(--line);padding:4px 8px}
        .byrule td{padding:4px 8px;border-bottom:1px solid var(--softer)}
        .byrule td.error{color:var(--bad)}.byrule td.warning{color:var(--warn)}
        .expectations{list-style:none;padding:0;margin:0}
        .expectations li{padding:3px 0}.expectations .tick{display:inline-block;width:22px;font-weight:700}
        .expectations .ok .tick{color:#16a34a}.expectations .bad .tick{color:var(--error)}
        .expectations .actual{color:var(--error)}
        .story{font-size:13px}
        .story td{padding:3px 10px 3px 0;vertical-align:top;border-bottom:1px solid var(--softer)}
        .story .t{font-family:var(--mono);font-size:12px;color:var(--muted);text-align:right;white-space:nowrap;width:1%}
        .story .who{white-space:nowrap;width:1%;font-weight:600}
        .story .user .who{color:var(--info)}.story .device .who{color:#0891b2}
        .story .console td:last-child{font-family:var(--mono);font-size:12px;color:var(--warn)}
        .story .diag td{background:var(--bad-bg)}.story .diag .who{color:var(--bad)}
        .story .cut td{text-align:center;color:var(--muted);font-style:italic;padding:8px}
        footer{max-width:1240px;margin:0 auto;color:var(--muted);font-size:12px;padding:4px 4px 20px}

        """

    /// The page's only script: the time under the pointer, zoom and the overview, and details on tap. The page works without it.
    ///
    /// Zooming stretches each plot's `viewBox` to `k` times its width; texts
    /// and glyphs (class `k`) are counter-scaled about their `x` so they keep
    /// their size, and the axis is labelled again at round instants for the
    /// new scale (the same steps and words as `TimeScale.ticks` and
    /// `DurationText.axis`, for linear stretches).
    static let script = """
        (function () {
          var NS = "http://www.w3.org/2000/svg";
          var MS = 1e6, S = 1e9, M = 60 * S, H = 60 * M, D = 24 * H;
          var STEPS = [MS, 2 * MS, 5 * MS, 10 * MS, 20 * MS, 50 * MS, 100 * MS, 200 * MS, 500 * MS, S, 2 * S, 5 * S, 10 * S, 15 * S, 30 * S,
            M, 2 * M, 5 * M, 10 * M, 15 * M, 30 * M, H, 2 * H, 3 * H, 6 * H, 12 * H, D, 2 * D, 7 * D, 14 * D, 28 * D];
          function pad(n, w) { var s = String(n); while (s.length < w) s = "0" + s; return s; }
          function format(ns) {
            var ms = Math.floor(ns / 1e6), s = Math.floor(ms / 1000), m = Math.floor(s / 60), h = Math.floor(m / 60);
            if (s < 60) return s + "." + pad(ms % 1000, 3) + "s";
            if (m < 60) return m + "m" + pad(s % 60, 2) + "." + pad(ms % 1000, 3) + "s";
            if (h < 24) return h + "h" + pad(m % 60, 2) + "m" + pad(s % 60, 2) + "s";
            return Math.floor(h / 24) + "d" + pad(h % 24, 2) + "h" + pad(m % 60, 2) + "m" + pad(s % 60, 2) + "s";
          }
          function decimal(ns) {
            var ms = Math.floor(ns / MS), f = pad(ms % 1000, 3).replace(/0+$/, "");
            return Math.floor(ms / 1000) + (f ? "." + f : "") + "s";
          }
          function axisLabel(t, step, hours) {
            if (hours && t % H === 0) return (t / H) + "h";
            if (t === 0) return "0";
            if (t < M) return t < S ? Math.floor(t / MS) + "ms" : decimal(step >= S ? Math.floor(t / S) * S : t);
            if (t >= H) {
              var text = format(t), tails = ["d00h00m00s", "h00m00s", "m00s"];
              if (step < S) { var f = decimal(t % S + S).slice(1, -1); if (f) text = text.slice(0, -1) + f + "s"; }
              for (var i = 0; i < tails.length; i++) {
                if (text.slice(-tails[i].length) === tails[i]) return text.slice(0, text.length - tails[i].length + 1);
              }
              return text;
            }
            var min = Math.floor(t / M), rest = t % M;
            if (step < S) return min + "m" + (rest < 10 * S ? "0" : "") + decimal(rest);
            var sec = Math.floor(t / S) % 60;
            return sec === 0 ? min + "m" : min + "m" + (sec < 10 ? "0" : "") + sec + "s";
          }
          function el(name, attrs, text) {
            var e = document.createElementNS(NS, name);
            for (var k in attrs) e.setAttribute(k, attrs[k]);
            if (text !== undefined) e.textContent = text;
            return e;
          }
          var details = document.querySelector(".details");
          var svgs = document.querySelectorAll("svg.lanes");
          for (var i = 0; i < svgs.length; i++) (function (svg) {
            var pieces = svg.getAttribute("data-scale").split(";").map(function (p) { return p.split(" ").map(Number); });
            var bands = (svg.getAttribute("data-bands") || "").split(";").filter(Boolean).map(function (b) { return b.split(" ").map(Number); });
            var box = svg.viewBox.baseVal, baseWidth = box.width, zoom = 1;
            var width = pieces[pieces.length - 1][0] + pieces[pieces.length - 1][1];
            var top = Number(svg.getAttribute("data-plot-top")), bottom = Number(svg.getAttribute("data-plot-bottom"));
            var line = svg.querySelector(".cursor"), tag = svg.querySelector(".cursor-tag");
            var tagBox = tag.querySelector("rect"), tagText = tag.querySelector("text");
            var scroller = svg.parentNode.parentNode, view = scroller.parentNode;
            var ticks = svg.querySelector(".ticks"), serverTicks = ticks.innerHTML;
            var minimap = view.querySelector("svg.minimap"), windowBox = minimap && minimap.querySelector(".window");
            var pick = minimap && minimap.querySelector(".pick");
            function timeAt(x) {
              var p = pieces[0];
              for (var j = 0; j < pieces.length; j++) if (x >= pieces[j][0]) p = pieces[j];
              return p[2] + (p[3] - p[2]) * Math.min(1, Math.max(0, (x - p[0]) / p[1]));
            }
            function xAt(t) {
              for (var j = 0; j < pieces.length; j++) {
                var p = pieces[j];
                if (t <= p[3]) return p[0] + p[1] * (p[3] > p[2] ? (t - p[2]) / (p[3] - p[2]) : 0);
              }
              return width;
            }
            function keep(e) {
              var x = Number(e.getAttribute("x")) || 0;
              e.setAttribute("transform", zoom === 1 ? "" : "matrix(" + (1 / zoom) + ",0,0,1," + (x - x / zoom) + ",0)");
            }
            function relabel() {
              if (zoom === 1) { ticks.innerHTML = serverTicks; }
              else {
                ticks.textContent = "";
                var linear = pieces.filter(function (p) { return !p[4] && p[3] > p[2]; });
                var scale = linear.length ? linear[0][1] / (linear[0][3] - linear[0][2]) : width / pieces[pieces.length - 1][3];
                var step = STEPS[STEPS.length - 1];
                for (var j = 0; j < STEPS.length; j++) if (STEPS[j] * scale * zoom >= 72) { step = STEPS[j]; break; }
                var axisY = top - (svg.querySelector(".breaklabel") ? 18 : 4), last = -1e9;
                linear.forEach(function (p) {
                  for (var t = Math.ceil(p[2] / step) * step; t <= p[3]; t += step) {
                    var x = xAt(t);
                    if ((x - last) * zoom < 54) continue;
                    last = x;
                    ticks.appendChild(el("line", { "class": "tick", x1: x, x2: x, y1: axisY - 6, y2: axisY }));
                    ticks.appendChild(el("text", { "class": "ticklabel k" + (x * zoom < 16 ? " first" : ""), x: x, y: axisY - 10 },
                      axisLabel(t, step, bands.length > 0)));
                  }
                });
              }
            }
            function setZoom(k, centre) {
              k = Math.max(1, Math.min(64, k));
              var visible = scroller.clientWidth - svg.previousSibling.getBoundingClientRect().width;
              var at = centre === undefined ? (scroller.scrollLeft + visible / 2) / zoom : centre;
              zoom = k;
              svg.setAttribute("width", baseWidth * zoom);
              relabel();
              var kept = svg.querySelectorAll(".k");
              for (var j = 0; j < kept.length; j++) keep(kept[j]);
              // Corners stay round and narrow stretches narrow: both are in pixels, not in time.
              var rounded = svg.querySelectorAll("rect[rx]");
              for (var j = 0; j < rounded.length; j++) rounded[j].setAttribute("rx", 2 / zoom);
              var narrow = svg.querySelectorAll("g[data-w]");
              for (var j = 0; j < narrow.length; j++) {
                var w = Math.max(Number(narrow[j].getAttribute("data-w")), 1 / zoom), bars = narrow[j].querySelectorAll("rect");
                for (var b = 0; b < bars.length; b++) bars[b].setAttribute("width", w);
              }
              scroller.scrollLeft = at * zoom - visible / 2;
              level.textContent = zoom === 1 ? "1×" : (Math.round(zoom * 10) / 10) + "×";
              frame();
            }
            function frame() {
              if (!windowBox) return;
              var visible = scroller.clientWidth - svg.previousSibling.getBoundingClientRect().width;
              windowBox.setAttribute("x", scroller.scrollLeft / zoom);
              windowBox.setAttribute("width", Math.min(baseWidth, visible / zoom));
            }
            var controls = document.createElement("div");
            controls.className = "zoom";
            controls.innerHTML = '<button type="button" data-k="0.5" aria-label="zoom out">−</button>' +
              '<button type="button" data-k="2" aria-label="zoom in">+</button><button type="button" data-k="0">fit</button><span></span>';
            var level = controls.querySelector("span");
            level.textContent = "1×";
            controls.addEventListener("click", function (event) {
              var k = Number(event.target.getAttribute("data-k"));
              if (event.target.tagName !== "BUTTON") return;
              setZoom(k === 0 ? 1 : zoom * k);
            });
            view.insertBefore(controls, minimap || scroller);
            scroller.addEventListener("scroll", frame);
            window.addEventListener("resize", frame);
            frame();
            if (minimap) {
              var start = null;
              function mapX(event) {
                var rect = minimap.getBoundingClientRect();
                return (event.clientX - rect.left) / rect.width * minimap.viewBox.baseVal.width;
              }
              minimap.addEventListener("pointerdown", function (event) {
                start = mapX(event);
                minimap.setPointerCapture(event.pointerId);
                pick.setAttribute("x", start); pick.setAttribute("width", 0); pick.setAttribute("visibility", "visible");
              });
              minimap.addEventListener("pointermove", function (event) {
                if (start === null) return;
                var x = mapX(event);
                pick.setAttribute("x", Math.min(x, start)); pick.setAttribute("width", Math.abs(x - start));
              });
              minimap.addEventListener("pointerup", function (event) {
                if (start === null) return;
                var x = mapX(event), from = Math.min(x, start), to = Math.max(x, start);
                start = null;
                pick.setAttribute("visibility", "hidden");
                var visible = scroller.clientWidth - svg.previousSibling.getBoundingClientRect().width;
                if (to - from > 4) setZoom(visible / (to - from), (from + to) / 2);
                else { scroller.scrollLeft = from * zoom - visible / 2; frame(); }
              });
            }
            function hide() { line.setAttribute("visibility", "hidden"); tag.setAttribute("visibility", "hidden"); }
            svg.addEventListener("mouseleave", hide);
            svg.addEventListener("mousemove", function (event) {
              var rect = svg.getBoundingClientRect();
              var x = (event.clientX - rect.left) * (box.width / rect.width), y = (event.clientY - rect.top) * (box.height / rect.height);
              if (x < 0 || x > width) { hide(); return; }
              var p = pieces[0];
              for (var j = 0; j < pieces.length; j++) if (x >= pieces[j][0]) p = pieces[j];
              var offset = 0;
              bands.forEach(function (b) { if (y >= b[0] && y < b[1]) offset = b[2]; });
              var label = p[4] ? "idle " + format(p[2] + offset) + " to " + format(p[3] + offset) : format(timeAt(x) + offset);
              tagText.textContent = label;
              var w = (label.length * 6.8 + 12) / zoom, cx = Math.min(Math.max(x, w / 2), width - w / 2);
              tagBox.setAttribute("x", cx - w / 2); tagBox.setAttribute("width", w);
              tagText.setAttribute("x", cx); keep(tagText);
              line.setAttribute("x1", x); line.setAttribute("x2", x);
              line.setAttribute("visibility", "visible"); tag.setAttribute("visibility", "visible");
            });
            // Details on tap (and click): the words of the nearest thing that has any.
            svg.addEventListener("click", function (event) {
              var node = event.target, title = null;
              while (node && node !== svg && !title) {
                for (var c = node.firstChild; c; c = c.nextSibling) if (c.nodeName === "title") title = c;
                if (!title) node = node.parentNode;
              }
              var old = svg.querySelector(".picked");
              if (old) old.classList.remove("picked");
              if (!title || !details) return;
              if (node.tagName === "rect") node.classList.add("picked");
              details.textContent = title.textContent;
              details.hidden = false;
            });
          })(svgs[i]);
        })();

        """
}
