package report

import (
	"fmt"
	"html/template"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/deckwright/deckwright/engine/game"
)

// HTML writes the report as one self-contained HTML file: charts drawn
// as inline SVG, a sortable card table, coverage lists and flags, each
// card linked to the cell it comes from. It opens offline and needs
// nothing but a browser.
func HTML(w io.Writer, title string, r *game.SimReport) error {
	data := view{Title: title, R: r, T: r.Terms.Or(game.DefaultTerms),
		Length:  lengthChart(r.Rounds.Histogram),
		Rates:   rateChart(append(append([]game.Rate{}, r.Heroes...), r.ByPlayers...)),
		Scatter: scatter(r.Cards),
	}
	data.Side = strings.ToUpper(data.T.Player[:1]) + data.T.Player[1:]
	for _, c := range r.Cards {
		data.Impact = data.Impact || c.Impact != nil
	}
	if r.Coop != nil {
		data.Track = lengthChart(r.Coop.TrackHistogram)
	}
	return page.Execute(w, data)
}

type view struct {
	Title   string
	R       *game.SimReport
	T       game.Terms // the game's words
	Length  template.HTML
	Track   template.HTML
	Rates   template.HTML
	Scatter template.HTML
	Side    string // the game's word for a side, capitalised: "Hero"
	Impact  bool   // --impact measured cards
}

const (
	chartW = 640
	chartH = 220
	pad    = 36
)

// lengthChart draws a histogram as bars.
func lengthChart(counts []int64) template.HTML {
	if len(counts) == 0 {
		return ""
	}
	var top int64
	for _, c := range counts {
		top = max(top, c)
	}
	if top == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %d %d" role="img">`, chartW, chartH)
	bw := float64(chartW-2*pad) / float64(len(counts))
	for v, c := range counts {
		h := float64(chartH-2*pad) * float64(c) / float64(top)
		x := float64(pad) + float64(v)*bw
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" class="bar"><title>%d: %d games</title></rect>`,
			x, float64(chartH-pad)-h, max(bw-1, 0.5), h, v, c)
		if len(counts) <= 40 || v%5 == 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="tick">%d</text>`, x+bw/2, chartH-pad+14, v)
		}
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" class="axis"/>`, pad, chartH-pad, chartW-pad, chartH-pad)
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="label">%d</text></svg>`, 4, pad+4, top)
	return template.HTML(b.String())
}

// A rate chart's names end before its 0% line (x 200): at most
// rateLabelRunes characters, in a box rateLabelW wide.
const (
	rateLabelW     = 194
	rateLabelRunes = 30
)

// qValue writes a q-value as the text report does: three decimals, or
// "< 0.001" (not 0.647 beside 0.9516).
func qValue(q float64) string {
	if q < 0.001 {
		return "< 0.001"
	}
	return fmt.Sprintf("%.3f", q)
}

func rateName(r game.Rate) string {
	if r.Name != "" {
		return r.Name
	}
	return r.ID
}

// shorten cuts s to at most n characters, the last an ellipsis.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:n-1]), " ") + "…"
}

// rateChart draws win rates as points with their 95% intervals.
func rateChart(rates []game.Rate) template.HTML {
	if len(rates) == 0 {
		return ""
	}
	row := 22
	h := pad + row*len(rates) + 10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %d %d" role="img">`, chartW, h)
	x := func(p float64) float64 { return 200 + p*float64(chartW-240) }
	for _, p := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="grid"/><text x="%.1f" y="%d" class="tick">%.0f%%</text>`,
			x(p), pad-10, x(p), h-6, x(p), pad-14, 100*p)
	}
	// The names, in a box of their own that ends before the 0% line: a
	// long one is shortened (the whole name in its tooltip) and cut at the
	// box, never printed over the intervals.
	fmt.Fprintf(&b, `<svg width="%d" height="%d" overflow="hidden">`, rateLabelW, h)
	for i, r := range rates {
		name := rateName(r)
		fmt.Fprintf(&b, `<text x="4" y="%d" class="label">%s<title>%s</title></text>`,
			pad+row*i+row/2+4, template.HTMLEscapeString(shorten(name, rateLabelRunes)), template.HTMLEscapeString(name))
	}
	b.WriteString(`</svg>`)
	for i, r := range rates {
		y := pad + row*i + row/2
		name := rateName(r)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="ci"/>`, x(r.Low), y, x(r.High), y)
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%d" r="4" class="dot"><title>%s: %.1f%% (%.1f–%.1f%%), %d games</title></circle>`,
			x(r.Rate), y, template.HTMLEscapeString(name), 100*r.Rate, 100*r.Low, 100*r.High, r.Games)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// scatter plots each card with tests and a measured effect: pass rate
// against its effect on winning (the paired effect when --impact measured
// it, else the difference from its deck's other cards). Cards without
// both are not drawn: no dot stands for "not measured".
func scatter(cards []game.CardReport) template.HTML {
	type pt struct {
		x, y    float64
		id      string
		flagged bool
	}
	var pts []pt
	lo, hi := -0.1, 0.1
	for _, c := range cards {
		y, ok := effectOf(&c)
		if c.PassRate == nil || !ok {
			continue
		}
		lo, hi = min(lo, y), max(hi, y)
		pts = append(pts, pt{*c.PassRate, y, c.ID, len(c.Flags) > 0})
	}
	if len(pts) == 0 {
		return ""
	}
	sort.SliceStable(pts, func(i, j int) bool { return !pts[i].flagged && pts[j].flagged })
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %d %d" role="img">`, chartW, chartH+20)
	px := func(v float64) float64 { return pad + v*float64(chartW-2*pad) }
	py := func(v float64) float64 { return float64(chartH-pad) - (v-lo)/(hi-lo)*float64(chartH-2*pad) }
	fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="axis"/>`, pad, py(0), chartW-pad, py(0))
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" class="axis"/>`, pad, pad, pad, chartH-pad)
	for _, p := range []float64{0, 0.5, 1} {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="tick">%.0f%%</text>`, px(p), chartH-pad+14, 100*p)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="label">pass rate →</text>`, chartW/2-30, chartH+12)
	// The effect's bounds right-aligned against the axis, and what they
	// measure written up its side (a centred "+10 pts" ran off the page).
	fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="tick end">%+.0f</text><text x="%d" y="%.1f" class="tick end">%+.0f</text>`, pad-4, py(hi)+4, 100*hi, pad-4, py(lo), 100*lo)
	fmt.Fprintf(&b, `<text x="10" y="%d" class="label" transform="rotate(-90 10 %d)" text-anchor="middle">win effect, points</text>`, chartH/2, chartH/2)
	for _, p := range pts {
		class := "pt"
		if p.flagged {
			class = "pt flagged"
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" class="%s"><title>%s: pass %.0f%%, effect %+.1f points</title></circle>`,
			px(p.x), py(p.y), class, template.HTMLEscapeString(p.id), 100*p.x, 100*p.y)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// effectOf is a card's measured effect on winning: the paired effect of
// --impact, else the difference from its deck's other cards.
func effectOf(c *game.CardReport) (float64, bool) {
	if c.Impact != nil && c.Impact.Win != nil {
		return c.Impact.Win.Delta, true
	}
	if c.Peers != nil {
		return c.Peers.Delta, true
	}
	return 0, false
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// na is a measured rate as a percentage, or "n/a" when not measured.
func na(x *float64) string {
	if x == nil {
		return "n/a"
	}
	return pct(*x)
}

// plain is a side's plain figures: its win rate in all its games and
// the difference from the fair share (the games without it), which are
// the verdict's own where the lineups do not tell.
func plain(v game.Verdict) game.Difference {
	if v.Unadjusted != nil {
		return *v.Unadjusted
	}
	return game.Difference{Wins: v.Wins, Games: v.Games, Rate: v.Rate, Low: v.Low, High: v.High, Reference: v.Reference,
		RefRate: v.RefRate, Delta: v.Delta, DeltaLow: v.DeltaLow, DeltaHigh: v.DeltaHigh}
}

// apartSets lists, once each, the sets of far-out sides whose tables
// some verdicts were judged without.
func apartSets(vs []game.Verdict) []string {
	var out []string
	for i := range vs {
		if a := vs[i].Apart; a != "" && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// lines writes text of several lines as HTML, a line break for each.
func lines(s string) template.HTML {
	parts := strings.Split(s, "\n")
	for i, p := range parts {
		parts[i] = template.HTMLEscapeString(p)
	}
	return template.HTML(strings.Join(parts, "<br>\n"))
}

// pts is a difference in points with its interval: "+8.2 (+4.9 to +11.5)".
func pts(d, lo, hi float64) string {
	return fmt.Sprintf("%+.1f (%+.1f to %+.1f)", 100*d, 100*lo, 100*hi)
}

// pageTop opens every HTML page deckwright writes: the document, its
// title and the style of its header, body and headings.
const pageTop = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{{.Title}}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#222;background:#faf8f4}
header{background:#5b3a1e;color:#fff;padding:18px 28px}
header h1{margin:0;font-size:22px}
main{padding:8px 28px 40px;max-width:1200px}
h2{border-bottom:2px solid #5b3a1e;padding-bottom:4px;margin-top:32px}
`

// pagePrint closes every page's style with how it prints: paper has no
// scroll bar, so a table wider than the page would lose its last columns
// (the verdicts); it is set small enough to fit instead, and a chart or a
// row is not split across pages.
const pagePrint = `@media print{body{background:#fff}main{padding:0;max-width:none}
.wide{overflow:visible}table{font-size:8px}th,td{padding:2px 3px}th{position:static}td.where{font-size:7px}
.card,tr,svg{break-inside:avoid}h2,h3{break-after:avoid}}
</style></head>`

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct":         pct,
	"na":          na,
	"pts":         pts,
	"impactRun":   func(run *game.ImpactRun) template.HTML { return lines(impactRun(run)) },
	"plain":       plain,
	"apartSets":   apartSets,
	"f2":          func(x float64) string { return fmt.Sprintf("%.2f", x) },
	"mul100":      func(x float64) float64 { return 100 * x },
	"join":        func(s []string) string { return strings.Join(s, ", ") },
	"power":       func(c game.CardReport) string { v, _ := c.Power(); return v },
	"ci":          ciHeader,
	"minPairs":    func() int { return game.MinImpactPairs },
	"moreGames":   game.MoreGamesText,
	"playerCount": PlayerCount,
	"endings":     endings,
	"qv":          qValue,
}).Parse(pageTop + `.grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:18px}
.card{background:#fff;border:1px solid #e3ddd2;border-radius:6px;padding:12px 16px}
.chart{width:100%;height:auto;background:#fff}
.bar{fill:#b5793b}.axis{stroke:#555}.grid{stroke:#eee}.ci{stroke:#5b3a1e;stroke-width:3}
.dot{fill:#c0392b}.pt{fill:#3b6fb5;opacity:.7}.pt.flagged{fill:#c0392b;opacity:1}
.tick{font-size:10px;fill:#666;text-anchor:middle}.tick.end{text-anchor:end}.wide{overflow-x:auto}.label{font-size:11px;fill:#333}
table{border-collapse:collapse;width:100%;background:#fff;font-size:12px}
th,td{border-bottom:1px solid #eee;padding:4px 6px;text-align:right}
th{cursor:pointer;background:#f3eee6;position:sticky;top:0}
td.l,th.l{text-align:left}
.flag{font-weight:600}.overpowered{color:#c0392b}.underpowered{color:#2471a3}.impossible{color:#8e44ad}.dead{color:#7f8c8d}.outlier{color:#d35400}.mismatch{color:#2c3e50}
.fine{color:#1e8449}.undecided{color:#7f8c8d}.na{color:#999}
.where{font-family:ui-monospace,monospace;font-size:11px;color:#555}
ul.cov{columns:2;font-size:12px}
#status{display:none}
` + pagePrint + `
<body>
<header><h1>{{.Title}}</h1>
<div>{{.R.Games}} {{.R.Mode}} games · {{playerCount .R.Players .R.PlayersMax .T}} · {{with .R.Level}}{{.}} game · {{end}}{{.R.Policy}} bots · seed {{.R.Seed}}</div></header>
<main>
{{if .R.Partial}}<p class="partial" style="background:#fdf2d0;border:1px solid #d4a017;padding:8px 12px"><b>PARTIAL:</b> {{.R.PartialNote}}</p>
{{end}}<h2>Flags</h2>
{{if .R.Flags}}<ol>{{range .R.Flags}}<li><span class="flag {{.Kind}}">{{.Kind}}</span> {{.Subject}} <b>{{.ID}}</b>{{if .Players}} ({{.Players}} players){{end}} — {{.Message}} <span class="where">{{.Where}}</span></li>{{end}}</ol>
{{else}}<p>Nothing stands out: no {{.T.Player}} or card over- or underpowered, dead, impossible or out of line.</p>{{end}}
<p>Verdicts: {{.T.Players}} {{if .R.SharedWins}}against the same games with a typical {{.T.Player}} in their place{{else}}against a typical {{.T.Player}} at the same tables{{end}} (beside a far stronger {{.T.Player}} every other wins less than {{if .R.SharedWins}}in the games without it{{else}}the fair share{{end}} without being weaker, so those far out of line are left out of the others' reference and games; the plain difference {{if .R.SharedWins}}from the games without them{{else}}from the fair share{{end}} is shown beside), cards dealt by chance against their deck's other cards{{if .Impact}} and by paired games with and without them{{end}};
flagged when significant after controlling the false discovery rate at {{pct .R.Balance.FDR}} over {{.R.Tested}} tests and beyond a practical band of ±{{printf "%.1f" (mul100 .R.Balance.Band)}} points at 4 players. Intervals are {{ci .R.Balance.Level}}s.</p>
{{with .R.Decision}}<p>--until-decided ({{.Budget}}): {{.Looks}} looks, each at level {{.Level}}; {{if .Decided}}every verdict decided.{{else}}{{len .Undecided}} still undecided:{{end}}</p>
{{if .Undecided}}<ul>{{range .Undecided}}<li>{{.Subject}} <b>{{.ID}}</b>{{if .Players}} ({{.Players}} players){{end}}: {{moreGames .MoreGames}} <span class="where">{{.Where}}</span></li>{{end}}</ul>{{end}}{{end}}

<h2>{{.Side}} verdicts</h2>
{{if .R.Verdicts}}<table><tr><th class="l">{{.T.Player}}</th><th>players</th><th>games</th><th>wins</th><th>win rate</th><th>{{ci .R.Balance.Level}}</th><th>vs {{if .R.SharedWins}}games without it{{else}}fair share{{end}}, points</th><th>on its games</th><th>typical {{.T.Player}}</th><th>vs typical, points</th><th>band</th><th>q</th><th class="l">verdict</th><th class="l">source</th></tr>
{{range .R.Verdicts}}{{$u := plain .}}<tr><td class="l">{{.Name}}</td><td>{{.Players}}</td><td>{{$u.Games}}</td><td>{{$u.Wins}}</td><td>{{pct $u.Rate}}</td><td>{{pct $u.Low}}–{{pct $u.High}}</td><td title="{{$u.Reference}} {{pct $u.RefRate}}">{{pts $u.Delta $u.DeltaLow $u.DeltaHigh}}</td>{{if .Typical}}<td title="{{.Measure}}">{{if .Apart}}{{.Wins}} of {{.Games}}, {{pct .Rate}}*{{else}}all{{end}}</td><td title="{{.Reference}}">{{pct .RefRate}}</td><td>{{pts .Delta .DeltaLow .DeltaHigh}}</td>{{else}}<td>all</td><td class="na">n/a</td><td class="na">n/a</td>{{end}}<td>±{{printf "%.1f" (mul100 .Band)}}</td><td>{{qv .Q}}</td><td class="l {{.Verdict}}">{{.Verdict}}{{if .MoreGames}} ({{moreGames .MoreGames}}){{end}}{{if not .Typical}} (against {{.Reference}}){{end}}</td><td class="l where">{{.Where}}</td></tr>{{end}}</table>
{{range apartSets .R.Verdicts}}<p>* over the games without {{.}} at the table: far out of line, beside them the others do not all lose alike.</p>{{end}}
{{else}}<p class="na">n/a: no {{.T.Player}} played enough games to judge.</p>{{end}}

<h2>Games</h2>
<div class="grid2">
<div class="card"><h3>Game length ({{.T.Rounds}})</h3>{{.Length}}
<p>{{if .R.Rounds.Histogram}}median {{.R.Rounds.Median}}, p10 {{.R.Rounds.P10}}, p90 {{.R.Rounds.P90}}, mean {{f2 .R.Rounds.Mean}}; {{f2 .R.LossesPerGame}} {{.T.Losses}} and {{f2 .R.PrizesPerGame}} {{.T.Prizes}} a game{{else}}n/a: no game finished (every game stalled or failed){{end}}.</p></div>
<div class="card"><h3>Win rates with 95% intervals</h3>{{.Rates}}</div>
{{if .R.Coop}}<div class="card"><h3>Final villain track</h3>{{.Track}}
<p>Heroes won {{pct .R.Coop.HeroWins.Rate}} ({{pct .R.Coop.HeroWins.Low}}–{{pct .R.Coop.HeroWins.High}}) against {{.R.Coop.Organization}}; the villains took {{f2 .R.Coop.VillainArtifactsMean}} artifacts a game.</p></div>{{end}}
<div class="card"><h3>Cards: pass rate against effect on winning</h3>{{if .Scatter}}{{.Scatter}}
<p>Each dot is a card with tests and a measured effect; red dots are flagged. The effect is the paired win-rate effect when measured (--impact), else the difference from the deck's other cards.</p>{{else}}
<p class="na">n/a: no card has both tests and a measured effect on winning (measured for cards dealt by chance against their deck's other cards, and for any card with --impact).</p>{{end}}</div>
</div>
<p>Endings: {{endings .R.Ends " · "}}</p>
{{if .R.Seats}}<table><tr><th class="l">seat</th><th>games</th><th>wins</th><th>rate</th><th>95% CI</th></tr>
{{range .R.Seats}}<tr><td class="l">{{.ID}}</td><td>{{.Games}}</td><td>{{.Wins}}</td><td>{{pct .Rate}}</td><td>{{pct .Low}}–{{pct .High}}</td></tr>{{end}}</table>{{end}}
{{if .R.ByOrg}}<h3>By organization</h3><table><tr><th class="l">organization</th><th>games</th><th>hero wins</th><th>rate</th><th>95% CI</th></tr>
{{range .R.ByOrg}}<tr><td class="l">{{.ID}}</td><td>{{.Games}}</td><td>{{.Wins}}</td><td>{{pct .Rate}}</td><td>{{pct .Low}}–{{pct .High}}</td></tr>{{end}}</table>{{end}}
{{with .R.Comparison}}<h2>Against {{.Baseline}} (same seeds)</h2>
<h3>What changed ({{len .Changes}} rows)</h3>
{{if .Changes}}<table><tr><th class="l">change</th><th class="l">sheet</th><th class="l">ID</th><th class="l">name</th><th class="l">source</th></tr>
{{range .Changes}}<tr><td class="l">{{.Kind}}</td><td class="l">{{.Sheet}}</td><td class="l">{{.ID}}</td><td class="l">{{.Name}}</td><td class="l where">{{.Where}}</td></tr>{{end}}</table>{{else}}<p>No row added, replaced or removed.</p>{{end}}
{{if .New}}<h3>New and changed, against the baseline</h3>
<table><tr><th class="l">subject</th><th class="l">ID</th><th>players</th><th>rate</th><th class="l">against</th><th>reference</th><th>difference, points</th><th>q</th><th class="l">verdict</th><th class="l">source</th></tr>
{{range .New}}<tr><td class="l">{{.Subject}}</td><td class="l">{{.ID}}</td><td>{{if .Players}}{{.Players}}{{end}}</td><td>{{pct .Rate}}</td><td class="l">{{.Reference}}</td><td>{{pct .RefRate}}</td><td>{{pts .Delta .DeltaLow .DeltaHigh}}</td><td>{{qv .Q}}</td><td class="l {{.Verdict}}">{{.Verdict}}</td><td class="l where">{{.Where}}</td></tr>{{end}}</table>{{end}}
<h3>Significant moves ({{len .Moves}} of {{.Tested}} comparisons, false discovery rate controlled)</h3>
{{if .Moves}}<table><tr><th class="l">metric</th><th class="l">of</th><th>baseline</th><th>now</th><th>change</th><th>interval</th><th>q</th></tr>
{{range .Moves}}<tr><td class="l">{{.Metric}}</td><td class="l">{{.Card}}</td><td>{{.Baseline}}</td><td>{{.Current}}</td><td>{{.Delta}}</td><td>{{.Low}} to {{.High}}</td><td>{{qv .Q}}</td></tr>{{end}}</table>{{else}}<p>No metric moved significantly.</p>{{end}}{{end}}

<h2>Cards</h2>
<p>Click a column to sort. Pass rates compare unaided tests with the exact chance of the dice. "used" is n/a for a card with nothing to play: a passive bonus works while held, uncounted.</p>
<p>"vs deck" sets the win rate of the {{.T.Players}} who drew or used a card dealt by chance against that of the {{.T.Players}} who drew or used its deck's other cards, in points ({{ci .R.Balance.Level}}); "impact" is the paired effect of --impact on {{if .R.SharedWins}}the {{.T.Players}}' win rate{{else}}the win rate of the {{.T.Player}} who got it{{end}}, and on game length in {{.T.Rounds}}. n/a: not measured.</p>{{with .R.ImpactRun}}
<p>{{impactRun .}}</p>{{end}}
<div class="wide"><table id="cards"><thead><tr><th class="l">card</th><th class="l">deck</th><th>drawn</th><th>used</th><th>tests</th><th>pass</th><th>exact</th><th>z</th>
<th>{{.T.Score}}/draw</th><th>{{.T.Money}}/draw</th><th>{{.T.Damage}}/draw</th><th>{{.T.Losses}}</th><th>holders</th><th>holder win</th><th>vs deck, points</th><th>impact on winning</th><th>impact on {{.T.Rounds}}</th>{{if .Impact}}<th>paired games</th><th>±points</th>{{end}}<th class="l">verdict</th><th class="l">flags</th><th class="l">source</th></tr></thead><tbody>
{{range .R.Cards}}<tr><td class="l" title="{{.Name}}">{{.ID}}</td><td class="l">{{.Deck}}</td><td>{{.Drawn}}</td><td>{{if or .HasAbility .Used}}{{.Used}}{{else}}n/a{{end}}</td><td>{{.Tests}}</td><td>{{na .PassRate}}</td>
<td>{{if .Exact}}{{pct .Exact.Expected}}{{else}}n/a{{end}}</td><td>{{if .Exact}}{{.Exact.Z}}{{else}}n/a{{end}}</td>
<td>{{f2 .ScorePer}}</td><td>{{f2 .MoneyPer}}</td><td>{{f2 .DamagePer}}</td><td>{{.Losses}}</td><td>{{.Holders}}</td><td>{{with .Holding}}{{pct .Rate}}{{else}}n/a{{end}}</td>
<td>{{with .Peers}}{{pts .Delta .DeltaLow .DeltaHigh}}{{else}}n/a{{end}}</td>
<td>{{with .Impact}}{{with .Win}}{{pts .Delta .Low .High}}{{else}}n/a{{end}}{{else}}n/a{{end}}</td>
<td>{{with .Impact}}{{with .Rounds}}{{printf "%+.2f (%+.2f to %+.2f)" .Delta .Low .High}}{{else}}n/a{{end}}{{else}}n/a{{end}}</td>{{if $.Impact}}
<td>{{with .Impact}}{{.Played}}{{else}}n/a{{end}}</td><td>{{with .Impact}}{{if .Win}}{{if lt .Win.Pairs minPairs}}{{.Win.Pairs}} pairs: too few to say{{else}}{{printf "±%.1f" (mul100 .HalfWidth)}}{{end}}{{if not .Precise}}{{with $.R.ImpactRun}}{{if .Adaptive}} (not precise){{end}}{{end}}{{end}}{{else}}n/a{{end}}{{else}}n/a{{end}}</td>{{end}}
<td class="l">{{or (power .) "n/a"}}</td><td class="l">{{join .Flags}}</td><td class="l where">{{.Where}}</td></tr>{{end}}
</tbody></table></div>

{{with .R.Coverage}}<h2>Coverage</h2>
<div class="grid2">
<div class="card"><h3>Never drawn ({{len .NeverDrawn}})</h3><ul class="cov">{{range .NeverDrawn}}<li>{{.}}</li>{{end}}</ul></div>
<div class="card"><h3>Drawn but never used ({{len .NeverUsed}})</h3><ul class="cov">{{range .NeverUsed}}<li>{{.}}</li>{{end}}</ul></div>
<div class="card"><h3>Tests never passed ({{len .TestsNeverPassed}})</h3><ul class="cov">{{range .TestsNeverPassed}}<li>{{.}}</li>{{end}}</ul></div>
<div class="card"><h3>Tests never failed ({{len .TestsNeverFailed}})</h3><ul class="cov">{{range .TestsNeverFailed}}<li>{{.}}</li>{{end}}</ul></div>
<div class="card"><h3>Conditions never true ({{len .ConditionsNeverTrue}})</h3><ul>{{range .ConditionsNeverTrue}}<li>{{.Card}}: <code>{{.Text}}</code> <span class="where">{{.Where}}</span></li>{{end}}</ul></div>
<div class="card"><h3>Conditions never false ({{len .ConditionsNeverFalse}})</h3><ul>{{range .ConditionsNeverFalse}}<li>{{.Card}}: <code>{{.Text}}</code> <span class="where">{{.Where}}</span></li>{{end}}</ul></div>
<div class="card"><h3>Effect branches never taken ({{len .BranchesNeverTaken}})</h3><ul>{{range .BranchesNeverTaken}}<li>{{.Card}}: <code>{{.Text}}</code> <span class="where">{{.Where}}</span></li>{{end}}</ul></div>
<div class="card"><h3>Rules never triggered ({{len .RulesNeverTriggered}})</h3><ul class="cov">{{range .RulesNeverTriggered}}<li>{{.}}</li>{{end}}</ul></div>
</div>{{end}}

{{if or .R.Stalls .R.Errors}}<h2>Stalls and errors</h2><ul>
{{range .R.Stalls}}<li>stall: game {{.Index}} (seed {{.Seed}}), {{$.T.Round}} {{.Round}}: {{.Message}}<br><code>{{.Replay}}</code></li>{{end}}
{{range .R.Errors}}<li>error: game {{.Index}} (seed {{.Seed}}), {{$.T.Round}} {{.Round}}: {{.Message}} {{.Card}} <span class="where">{{.Where}}</span><br><code>{{.Replay}}</code></li>{{end}}
</ul>{{end}}
</main>
<div id="status"></div>
<script>
(function(){
  var status = document.getElementById('status');
  window.addEventListener('error', function(e){ status.textContent = 'error: ' + e.message; document.body.setAttribute('data-state', 'error'); });
  var table = document.getElementById('cards');
  if (table) {
    var heads = table.tHead.rows[0].cells;
    for (var i = 0; i < heads.length; i++) (function(col){
      var asc = false;
      heads[col].addEventListener('click', function(){
        asc = !asc;
        var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
        rows.sort(function(a, b){
          var x = a.cells[col].textContent, y = b.cells[col].textContent;
          var nx = parseFloat(x), ny = parseFloat(y);
          var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
          return asc ? c : -c;
        });
        rows.forEach(function(r){ body.appendChild(r); });
      });
    })(i);
  }
  if (document.body.getAttribute('data-state') !== 'error') document.body.setAttribute('data-state', 'ready');
})();
</script>
</body></html>
`))
