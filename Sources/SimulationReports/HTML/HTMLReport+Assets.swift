extension HTMLReport {
    /// The page's style sheet: system fonts only, nothing fetched.
    static let styles = """
        :root{--ink:#1f2937;--muted:#6b7280;--line:#e5e7eb;--page:#f4f5f7;--error:#dc2626;--warning:#d97706;--info:#2563eb;\
        --mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
        *{box-sizing:border-box}
        body{margin:0;padding:20px;background:var(--page);color:var(--ink);\
        font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        .card{background:#fff;border:1px solid var(--line);border-radius:10px;padding:16px 20px;margin:0 auto 16px;max-width:1240px;\
        box-shadow:0 1px 2px rgba(15,23,42,.04)}
        .card-head{display:flex;align-items:center;gap:12px;margin-bottom:8px}
        h1{font-size:24px;margin:2px 0 6px;display:flex;align-items:center;gap:12px;flex-wrap:wrap}
        h2{font-size:16px;margin:0}
        code{font-family:var(--mono);font-size:12.5px}
        .brand{font-size:12px;letter-spacing:.06em;text-transform:uppercase;color:var(--muted)}
        .verdict{font-size:12px;font-weight:700;letter-spacing:.05em;padding:3px 10px;border-radius:999px}
        .verdict.pass{background:#dcfce7;color:#166534}.verdict.fail{background:#fee2e2;color:#991b1b}
        .verdict.unknown{background:#e5e7eb;color:#374151;font-weight:600;letter-spacing:0}
        .summary{margin:0 0 12px;max-width:980px;color:#374151}
        .facts{display:flex;flex-wrap:wrap;gap:8px 28px;margin:0 0 12px}
        .facts div{min-width:0}.facts dt{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
        .facts dd{margin:0;font-weight:600}
        .replay{display:flex;align-items:center;gap:10px;background:#0f172a;color:#e2e8f0;border-radius:8px;padding:8px 12px;overflow-x:auto}
        .replay span{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:#94a3b8}
        .replay code{user-select:all;white-space:pre;color:#f8fafc}
        .counts{list-style:none;padding:0;margin:12px 0 0;display:flex;flex-wrap:wrap;gap:8px}
        .count{font-size:12.5px;padding:3px 10px;border-radius:999px;background:#f1f5f9;color:#334155}
        .count.error{background:#fee2e2;color:#991b1b}.count.warning{background:#fef3c7;color:#92400e}
        .count.info{background:#dbeafe;color:#1e40af}.count.clean{background:#dcfce7;color:#166534}
        .count.ended{background:#f1f5f9;color:#111827}
        .timeline>input{position:absolute;opacity:0;pointer-events:none}
        .switch{margin-left:auto;display:flex;border:1px solid var(--line);border-radius:8px;overflow:hidden}
        .switch label{font-size:12.5px;padding:4px 12px;cursor:pointer;color:var(--muted);background:#fff}
        .switch label+label{border-left:1px solid var(--line)}
        #scale-condensed:checked~.card-head label[for=scale-condensed],#scale-linear:checked~.card-head label[for=scale-linear]\
        {background:#0f172a;color:#fff}
        #scale-condensed:focus-visible~.card-head label[for=scale-condensed],#scale-linear:focus-visible~.card-head label[for=scale-linear]\
        {outline:2px solid var(--info)}
        #scale-condensed:checked~.view-linear,#scale-linear:checked~.view-condensed{display:none}
        .hint{margin:0 0 6px;color:var(--muted);font-size:12.5px}
        .scroll{overflow-x:auto}
        svg.lanes{display:block;font-family:inherit}
        svg.defs{position:absolute}
        .lanes .rowlabel{font-size:12px;fill:#111827}
        .lanes .diag-label{fill:#7f1d1d;font-weight:600}
        .lanes .heading{font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;fill:var(--muted);\
        paint-order:stroke;stroke:#fff;stroke-width:4px;stroke-linejoin:round}
        .lanes .sep{stroke:var(--line)}
        .lanes .stripe{fill:#f8fafc}
        .lanes .diag-row{fill:#fff7f7}
        .lanes .grid{stroke:#eef0f3}
        .lanes .axis{stroke:#9ca3af}.lanes .tick{stroke:#9ca3af}
        .lanes .ticklabel{font-size:11px;fill:#4b5563;text-anchor:middle}
        .lanes .breaklabel{font-size:10.5px;fill:#475569;text-anchor:middle;font-style:italic}
        .lanes .breakmark{stroke:#64748b;stroke-width:1.4;fill:none}
        .lanes .break rect{fill:#fff;fill-opacity:.62}.lanes .break line{stroke:#94a3b8;stroke-width:1;stroke-dasharray:2 2}
        .lanes .seglabel{font-size:10.5px;pointer-events:none}
        .lanes rect[class^=s]:hover{stroke:#0f172a;stroke-width:1}
        .lanes .marker path{stroke:#fff;stroke-width:1}
        .lanes .marker.error path,.legend-marker.error{fill:var(--error)}
        .lanes .marker.warning path,.legend-marker.warning{fill:var(--warning)}
        .lanes .marker.info path,.legend-marker.info{fill:var(--info)}
        .lanes .marker .hit{fill:transparent}
        .lanes .guide{stroke-width:1;stroke-dasharray:3 3;opacity:.6}
        .lanes .guide.error{stroke:var(--error)}.lanes .guide.warning{stroke:var(--warning)}.lanes .guide.info{stroke:var(--info)}
        .lanes .diag-text{font-size:10.5px;font-family:var(--mono);text-anchor:middle;font-weight:600}
        .lanes .diag-text.error{fill:#b91c1c}.lanes .diag-text.warning{fill:#b45309}.lanes .diag-text.info{fill:#1d4ed8}
        .lanes .cursor{stroke:#0f172a;stroke-width:1;opacity:.5;pointer-events:none}
        .lanes .cursor-tag{pointer-events:none}.lanes .cursor-tag rect{fill:#0f172a}
        .lanes .cursor-tag text{fill:#fff;font-size:11px;font-family:var(--mono);text-anchor:middle}
        .legend{list-style:none;padding:10px 0 0;margin:8px 0 0;border-top:1px solid var(--line);display:flex;flex-wrap:wrap;gap:6px 18px;\
        font-size:12.5px;color:#374151}
        .legend li{display:flex;align-items:center;gap:6px}
        .swatch{display:inline-block;width:18px;height:11px;border-radius:2px;border:1px solid rgba(15,23,42,.12)}
        .swatch.idle{width:28px;background:linear-gradient(90deg,#f59e0b 0 9px,#94a3b8 9px 10px,#fcd9a0 10px 17px,#94a3b8 17px 18px,#f59e0b 18px)}
        .aside{color:var(--muted);font-size:12.5px}
        .empty{margin:0;color:#166534}
        .diagnostics{list-style:none;padding:0;margin:0;display:grid;gap:10px}
        .diagnostic{border:1px solid var(--line);border-left:4px solid var(--info);border-radius:8px;padding:10px 14px}
        .diagnostic.error{border-left-color:var(--error)}.diagnostic.warning{border-left-color:var(--warning)}
        .dhead{display:flex;flex-wrap:wrap;align-items:baseline;gap:10px}
        .dhead .num{font-size:12px;color:var(--muted)}
        .dhead .rule{font-weight:700;font-size:13px}
        .dhead .name{font-weight:600}
        .dhead .sev{font-size:11px;text-transform:uppercase;letter-spacing:.05em;padding:1px 7px;border-radius:999px;background:#dbeafe;color:#1e40af}
        .diagnostic.error .sev{background:#fee2e2;color:#991b1b}.diagnostic.warning .sev{background:#fef3c7;color:#92400e}
        .dhead .when{margin-left:auto;font-family:var(--mono);font-size:12.5px;color:var(--muted)}
        .subject{color:var(--muted);font-size:12.5px;margin-top:2px}
        .message{margin:6px 0 4px}
        .fix{margin:0;color:#14532d}.fix b{font-size:11px;text-transform:uppercase;letter-spacing:.05em;margin-right:6px;color:#166534}
        .more{color:var(--muted);margin:10px 0 0}
        table{border-collapse:collapse;width:100%}
        .byrule{margin-bottom:14px;font-size:13px}.byrule th{text-align:left;font-size:11px;text-transform:uppercase;\
        letter-spacing:.05em;color:var(--muted);border-bottom:1px solid var(--line);padding:4px 8px}
        .byrule td{padding:4px 8px;border-bottom:1px solid #f1f5f9}
        .byrule td.error{color:#991b1b}.byrule td.warning{color:#92400e}
        .expectations{list-style:none;padding:0;margin:0}
        .expectations li{padding:3px 0}.expectations .tick{display:inline-block;width:22px;font-weight:700}
        .expectations .ok .tick{color:#16a34a}.expectations .bad .tick{color:var(--error)}
        .expectations .actual{color:var(--error)}
        .story{font-size:13px}
        .story td{padding:3px 10px 3px 0;vertical-align:top;border-bottom:1px solid #f3f4f6}
        .story .t{font-family:var(--mono);font-size:12px;color:var(--muted);text-align:right;white-space:nowrap;width:1%}
        .story .who{white-space:nowrap;width:1%;font-weight:600;color:#374151}
        .story .user .who{color:#1d4ed8}.story .device .who{color:#0e7490}
        .story .console td:last-child{font-family:var(--mono);font-size:12px;color:#7c2d12}
        .story .diag td{background:#fef2f2}.story .diag .who{color:#b91c1c}
        .story .cut td{text-align:center;color:var(--muted);font-style:italic;padding:8px}
        footer{max-width:1240px;margin:0 auto;color:var(--muted);font-size:12px;padding:4px 4px 20px}

        """

    /// The page's only script: a cursor that reads the time under the pointer. The page works without it.
    static let script = """
        (function () {
          function pad(n, w) { var s = String(n); while (s.length < w) s = "0" + s; return s; }
          function format(ns) {
            var ms = Math.floor(ns / 1e6), s = Math.floor(ms / 1000), m = Math.floor(s / 60), h = Math.floor(m / 60);
            if (s < 60) return s + "." + pad(ms % 1000, 3) + "s";
            if (m < 60) return m + "m" + pad(s % 60, 2) + "." + pad(ms % 1000, 3) + "s";
            if (h < 24) return h + "h" + pad(m % 60, 2) + "m" + pad(s % 60, 2) + "s";
            return Math.floor(h / 24) + "d" + pad(h % 24, 2) + "h" + pad(m % 60, 2) + "m";
          }
          var svgs = document.querySelectorAll("svg.lanes");
          for (var i = 0; i < svgs.length; i++) (function (svg) {
            var pieces = svg.getAttribute("data-scale").split(";").map(function (p) { return p.split(" ").map(Number); });
            var plotX = Number(svg.getAttribute("data-plot-x"));
            var line = svg.querySelector(".cursor"), tag = svg.querySelector(".cursor-tag");
            var box = tag.querySelector("rect"), text = tag.querySelector("text");
            var width = pieces[pieces.length - 1][0] + pieces[pieces.length - 1][1];
            function hide() { line.setAttribute("visibility", "hidden"); tag.setAttribute("visibility", "hidden"); }
            svg.addEventListener("mouseleave", hide);
            svg.addEventListener("mousemove", function (event) {
              var rect = svg.getBoundingClientRect();
              var x = (event.clientX - rect.left) * (svg.viewBox.baseVal.width / rect.width) - plotX;
              if (x < 0 || x > width) { hide(); return; }
              var p = pieces[0];
              for (var j = 0; j < pieces.length; j++) if (x >= pieces[j][0]) p = pieces[j];
              var t = p[2] + (p[3] - p[2]) * Math.min(1, Math.max(0, (x - p[0]) / p[1]));
              var label = p[4] ? "idle " + format(p[2]) + " to " + format(p[3]) : format(t);
              text.textContent = label;
              var w = label.length * 6.8 + 12, cx = Math.min(Math.max(plotX + x, plotX + w / 2), plotX + width - w / 2);
              box.setAttribute("x", cx - w / 2); box.setAttribute("width", w); text.setAttribute("x", cx);
              line.setAttribute("x1", plotX + x); line.setAttribute("x2", plotX + x);
              line.setAttribute("visibility", "visible"); tag.setAttribute("visibility", "visible");
            });
          })(svgs[i]);
        })();

        """
}
