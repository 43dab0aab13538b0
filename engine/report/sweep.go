package report

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/deckwright/deckwright/engine/game"
)

// SweepText writes a sweep's curve as a terminal shows it: what was
// swept, the fair-band line, then one row a value. o's Workers or Shards,
// when not 0, add the throughput (BaseLayer is not used).
func SweepText(w io.Writer, title string, s *game.SweepReport, o TextOptions) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	terms := s.Terms.Or(game.DefaultTerms)
	fmt.Fprintf(tw, "%s — sweep of %s (%s, now %s)%s: %s\n", title, whatText(s.Target), s.Target.Where,
		currentText(s.Target.Current), span(s), sweepRun(s, terms))
	throughput(tw, s.GamesPerSecond, o)
	fmt.Fprintf(tw, "\n%s\n", s.Crossing)
	if s.FairMeasure != "" {
		fmt.Fprintf(tw, "  (%s)\n", s.FairMeasure)
	}
	fmt.Fprintln(tw)
	head, rows := sweepTable(s)
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, row := range rows {
		texts := make([]string, len(row))
		for k, c := range row {
			texts[k] = c.Text
		}
		fmt.Fprintln(tw, strings.Join(texts, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, sweepNote(s, terms))
	var failed []string
	for _, p := range s.Points {
		if p.Stalls+p.Errors > 0 {
			failed = append(failed, fmt.Sprintf("%s: %d stalled, %d failed", s.Target.Label(p.Value), p.Stalls, p.Errors))
		}
	}
	if len(failed) > 0 {
		fmt.Fprintf(w, "games not counted above: %s (type the value into the cell and run deckwright sim to see them with the commands that replay them)\n", strings.Join(failed, "; "))
	}
	if s.Partial {
		fmt.Fprintf(w, "PARTIAL: interrupted; the values not listed were not played to the end\n")
	}
	return nil
}

// sweepNote explains the star and the paired column.
func sweepNote(s *game.SweepReport, terms game.Terms) string {
	note := "* the current value, the project's own"
	switch {
	case s.Kind != "card":
	case s.Target.IsCount():
		note += "; \"vs current\" is n/a for a Count: a deck of another size shuffles differently, so the games part from the first draw"
	default:
		note += fmt.Sprintf("; \"vs current\" pairs each value's games with the current value's on the same seeds (the same games until the card is drawn), for the %s who got the card in either", terms.Players)
	}
	if passive(s) {
		note += "; \"used\" is n/a: the card has nothing to play (its bonus works while held, uncounted)"
	}
	return note
}

// A cell of the sweep's table, with its class in the HTML page.
type cell struct{ Text, Class string }

// passive reports whether the swept card has nothing to play.
func passive(s *game.SweepReport) bool {
	for _, p := range s.Points {
		if p.Card != nil && p.Card.Passive && p.Card.Used == 0 {
			return true
		}
	}
	return false
}

// usedText is a card's uses, "n/a" for a card with nothing to play
// (uses of a passive bonus are not counted).
func usedText(used uint64, passive bool) string {
	if passive && used == 0 {
		return "n/a"
	}
	return strconv.FormatUint(used, 10)
}

// sideReference heads a side's verdict column by what its verdicts are
// against: a typical side, or, where teams win together, the average
// seat or the fair share.
func sideReference(s *game.SweepReport) string {
	for _, p := range s.Points {
		if p.Fair == nil {
			continue
		}
		switch p.Fair.Reference {
		case "the average seat's win rate":
			return "vs average seat"
		case "the fair share":
			return "vs fair share"
		}
	}
	return "vs typical"
}

// sweepTable is the sweep's table, one row a value: the columns of the
// kind of row swept (a card, a side, any other row).
func sweepTable(s *game.SweepReport) ([]string, [][]cell) {
	terms := s.Terms.Or(game.DefaultTerms)
	ci := ciHeader(s.Balance.Level)
	head := []string{s.Target.Heading(), "games"}
	lostScore, lostMoney := lost(s)
	switch s.Kind {
	case "card":
		head = append(head, "drawn", "used", terms.Score+"/draw", terms.Money+"/draw")
		if lostScore {
			head = append(head, terms.Score+" lost/draw")
		}
		if lostMoney {
			head = append(head, terms.Money+" lost/draw")
		}
		head = append(head, "holders", "win when held", ci, "vs deck, points", "verdict", "vs current, points")
	case "row":
		head = append(head, terms.Losses+"/game", terms.Prizes+"/game")
	default:
		head = append(head, "played", "wins", "win rate", ci, sideReference(s)+", points", "verdict")
	}
	head = append(head, terms.Rounds+" (mean)", ci)
	var rows [][]cell
	for _, p := range s.Points {
		cells := []string{valueText(p), strconv.Itoa(p.Games)}
		switch {
		case s.Kind == "row":
			cells = append(cells, fmt.Sprintf("%.2f", p.Losses), fmt.Sprintf("%.2f", p.Prizes))
		case p.Card != nil:
			c := p.Card
			cells = append(cells, strconv.FormatUint(c.Drawn, 10), usedText(c.Used, c.Passive), fmt.Sprintf("%.2f", c.ScorePer),
				fmt.Sprintf("%.2f", c.MoneyPer))
			if lostScore {
				cells = append(cells, fmt.Sprintf("%.2f", c.ScoreLostPer))
			}
			if lostMoney {
				cells = append(cells, fmt.Sprintf("%.2f", c.MoneyLostPer))
			}
			cells = append(cells, strconv.Itoa(c.Held.Games), rateText(c.Held), rateCI(c.Held))
			cells = append(cells, fairText(p.Fair)...)
			cells = append(cells, pairedText(s, p))
		case s.Kind == "card":
			cells = append(cells, "0", "0", "n/a", "n/a")
			for _, shown := range []bool{lostScore, lostMoney} {
				if shown {
					cells = append(cells, "n/a")
				}
			}
			cells = append(cells, "0", "n/a", "n/a", "n/a", "n/a", pairedText(s, p))
		case p.Side != nil:
			cells = append(cells, strconv.Itoa(p.Side.Games), strconv.Itoa(p.Side.Wins), rateText(*p.Side), rateCI(*p.Side))
			cells = append(cells, fairText(p.Fair)...)
		default:
			cells = append(cells, "0", "0", "n/a", "n/a", "n/a", "n/a")
		}
		cells = append(cells, fmt.Sprintf("%.2f", p.Rounds.Mean), fmt.Sprintf("%.2f–%.2f", p.Rounds.Low, p.Rounds.High))
		row := make([]cell, len(cells))
		for k, t := range cells {
			row[k].Text = t
			if p.Fair != nil && t == p.Fair.Verdict {
				row[k].Class = t
			}
		}
		rows = append(rows, row)
	}
	return head, rows
}

// lost says whether the swept card takes Score, or Money, away at any
// value: then its table shows what it takes a draw beside what it gives
// (a sweep of loseFortune(N) moves no gain at all).
func lost(s *game.SweepReport) (score, money bool) {
	for _, p := range s.Points {
		if c := p.Card; c != nil {
			score = score || c.ScoreLostPer > 0
			money = money || c.MoneyLostPer > 0
		}
	}
	return score, money
}

// sweepRun says what each value played: "1000 competitive games a value
// on the same seeds, 4 heroes, cautious bots, seed 1".
func sweepRun(s *game.SweepReport, terms game.Terms) string {
	level := ""
	if s.Level != "" {
		level = ", " + s.Level + " game"
	}
	return fmt.Sprintf("%d %s game%s a value on the same seeds, %s%s, %s bots, seed %d", s.Games, s.Mode, plural(s.Games),
		PlayerCount(s.Players, s.PlayersMax, terms), level, s.Policy, s.Seed)
}

// whatText names what a sweep varies: "Heroes ace Combat", "the 5 in
// gainGlory(5), golden-idol's Effect".
func whatText(t game.SweepTarget) string {
	if t.What != "" {
		return t.What
	}
	return strings.Join([]string{t.Sheet, t.ID, t.Column}, " ")
}

// span is " from A to B", the values played, or "" for fewer than two.
func span(s *game.SweepReport) string {
	var vals []int
	for _, p := range s.Points {
		if !p.Blank {
			vals = append(vals, p.Value)
		}
	}
	if len(vals) < 2 {
		return ""
	}
	return fmt.Sprintf(" from %d to %d", vals[0], vals[len(vals)-1])
}

func currentText(v *int) string {
	if v == nil {
		return "blank"
	}
	return strconv.Itoa(*v)
}

// valueText is a point's value, starred when it is the current one.
func valueText(p game.SweepPoint) string {
	v := strconv.Itoa(p.Value)
	if p.Blank {
		v = "blank"
	}
	if p.Current {
		v += " *"
	}
	return v
}

func rateText(r game.Rate) string {
	if r.Games == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*r.Rate)
}

func rateCI(r game.Rate) string {
	if r.Games == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f–%.1f%%", 100*r.Low, 100*r.High)
}

// fairText is a verdict's difference and outcome, or n/a twice.
func fairText(v *game.Verdict) []string {
	if v == nil {
		return []string{"n/a", "n/a"}
	}
	return []string{pts(v.Delta, v.DeltaLow, v.DeltaHigh), v.Verdict}
}

// pairedText is a value's paired difference from the current value.
func pairedText(s *game.SweepReport, p game.SweepPoint) string {
	switch {
	case p.Current && !s.Target.IsCount():
		return "(reference)"
	case p.Paired == nil || p.Paired.Win == nil:
		return "n/a"
	}
	e := p.Paired.Win
	return pts(e.Delta, e.Low, e.High)
}

// SweepHTML writes a sweep as one self-contained HTML page: a chart of
// the curve with its intervals and the fair band, and the table.
func SweepHTML(w io.Writer, title string, s *game.SweepReport) error {
	terms := s.Terms.Or(game.DefaultTerms)
	data := sweepView{Title: title, S: s, T: terms, What: whatText(s.Target), Span: span(s), Chart: sweepChart(s), Wins: winChart(s),
		Note: sweepNote(s, terms)}
	data.Head, data.Rows = sweepTable(s)
	return sweepPage.Execute(w, data)
}

type sweepView struct {
	Title string
	S     *game.SweepReport
	T     game.Terms
	What  string // what was swept, in words
	Span  string // " from A to B"
	Chart template.HTML
	Wins  template.HTML
	Head  []string
	Rows  [][]cell
	Note  string
}

// curvePoint is one value of a curve: its estimate and interval.
type curvePoint struct{ x, y, lo, hi float64 }

// tickGap is the least distance between two tick labels of a curve's
// scale, in chart units: about a line of their 10-pixel type.
const tickGap = 12

// curveAxis says how a curve's numbers read: ×scale, in unit, with
// format (a sign for differences), and the band shaded around 0 (none
// when 0).
type curveAxis struct {
	unit, format string
	scale, band  float64
}

// sweepChart draws the fair measure's difference at each value with its
// interval, over the shaded fair band; with no fair measure, game length.
func sweepChart(s *game.SweepReport) template.HTML {
	var pts []curvePoint
	for _, p := range s.Points {
		if f := p.Fair; f != nil && !p.Blank {
			pts = append(pts, curvePoint{float64(p.Value), f.Delta, f.DeltaLow, f.DeltaHigh})
		}
	}
	if len(pts) > 0 {
		return curveChart(s.Target.Heading(), pts, curveAxis{unit: "points", format: "%+.1f", scale: 100, band: s.Band})
	}
	for _, p := range s.Points {
		if !p.Blank {
			pts = append(pts, curvePoint{float64(p.Value), p.Rounds.Mean, p.Rounds.Low, p.Rounds.High})
		}
	}
	return curveChart(s.Target.Heading(), pts, curveAxis{unit: s.Terms.Or(game.DefaultTerms).Rounds, format: "%.2f", scale: 1})
}

// winChart draws the win rate of the card's holders (or of the side) at
// each value with its interval, or nothing for another row.
func winChart(s *game.SweepReport) template.HTML {
	var pts []curvePoint
	for _, p := range s.Points {
		r := p.Side
		if p.Card != nil {
			r = &p.Card.Held
		}
		if r != nil && r.Games > 0 && !p.Blank {
			pts = append(pts, curvePoint{float64(p.Value), r.Rate, r.Low, r.High})
		}
	}
	return curveChart(s.Target.Heading(), pts, curveAxis{unit: "%", format: "%.1f", scale: 100})
}

// curveChart draws a curve: each value's dot at its estimate, its
// interval as a bar, the dots joined, over the band if any.
func curveChart(column string, pts []curvePoint, ax curveAxis) template.HTML {
	if len(pts) == 0 {
		return ""
	}
	band := ax.band
	xlo, xhi, ylo, yhi := pts[0].x, pts[0].x, -band*1.5, band*1.5
	if band == 0 {
		ylo, yhi = pts[0].lo, pts[0].hi
	}
	for _, p := range pts {
		xlo, xhi, ylo, yhi = min(xlo, p.x), max(xhi, p.x), min(ylo, p.lo), max(yhi, p.hi)
	}
	if xhi == xlo {
		xlo, xhi = xlo-1, xhi+1
	}
	if yhi == ylo {
		ylo, yhi = ylo-1, yhi+1
	}
	px := func(v float64) float64 { return 60 + (v-xlo)/(xhi-xlo)*float64(chartW-100) }
	py := func(v float64) float64 { return float64(chartH-pad) - (v-ylo)/(yhi-ylo)*float64(chartH-2*pad) }
	num := func(v float64) string { return fmt.Sprintf(ax.format, ax.scale*v) }
	col := template.HTMLEscapeString(column) // a Heading: "combat", "gainGlory"
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %d %d" role="img">`, chartW, chartH+20)
	if band > 0 {
		fmt.Fprintf(&b, `<rect x="60" y="%.1f" width="%d" height="%.1f" class="band"><title>fair band ±%.1f %s</title></rect>`,
			py(band), chartW-100, py(-band)-py(band), ax.scale*band, ax.unit)
		fmt.Fprintf(&b, `<line x1="60" y1="%.1f" x2="%d" y2="%.1f" class="axis"/>`, py(0), chartW-40, py(0))
		for _, e := range []float64{band, 0, -band} {
			// A band's label as close to a bound's as a line of ticks
			// would print over it: the bound's stays, the band is named
			// in the words above the chart.
			if math.Abs(py(e)-py(yhi)) < tickGap || math.Abs(py(e)-py(ylo)) < tickGap {
				continue
			}
			fmt.Fprintf(&b, `<text x="56" y="%.1f" class="tick" text-anchor="end">%s</text>`, py(e)+3, num(e))
		}
	}
	// The scale's bounds right-aligned against a vertical axis, and the
	// unit written up its side (a bound at the page's edge lost its sign,
	// and only the top one named its unit).
	fmt.Fprintf(&b, `<line x1="60" y1="%.1f" x2="60" y2="%.1f" class="axis"/>`, py(yhi), py(ylo))
	fmt.Fprintf(&b, `<text x="56" y="%.1f" class="tick" text-anchor="end">%s</text><text x="56" y="%.1f" class="tick" text-anchor="end">%s</text>`,
		py(yhi)+3, num(yhi), py(ylo)+3, num(ylo))
	fmt.Fprintf(&b, `<text x="12" y="%d" class="label" text-anchor="middle" transform="rotate(-90 12 %d)">%s</text>`,
		chartH/2, chartH/2, template.HTMLEscapeString(ax.unit))
	var line []string
	for i, p := range pts {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="ci"/>`, px(p.x), py(p.lo), px(p.x), py(p.hi))
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" class="dot"><title>%s=%g: %s %s (%s to %s)</title></circle>`,
			px(p.x), py(p.y), col, p.x, num(p.y), template.HTMLEscapeString(ax.unit), num(p.lo), num(p.hi))
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="tick">%g</text>`, px(p.x), chartH-pad+14, p.x)
		cmd := "L"
		if i == 0 {
			cmd = "M"
		}
		line = append(line, fmt.Sprintf("%s%.1f %.1f", cmd, px(p.x), py(p.y)))
	}
	fmt.Fprintf(&b, `<path d="%s" class="curve"/>`, strings.Join(line, " "))
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="label">%s →</text></svg>`, chartW/2-30, chartH+12, template.HTMLEscapeString(column))
	return template.HTML(b.String())
}

var sweepPage = template.Must(template.New("sweep").Funcs(template.FuncMap{
	"pct":         pct,
	"pts":         pts,
	"f2":          func(x float64) string { return fmt.Sprintf("%.2f", x) },
	"ci":          ciHeader,
	"band":        func(x float64) string { return fmt.Sprintf("%.1f", 100*x) },
	"playerCount": PlayerCount,
}).Parse(pageTop + `.chart{width:100%;max-width:900px;height:auto;background:#fff;border:1px solid #e3ddd2}
.band{fill:#d5ecd9}.axis{stroke:#555}.ci{stroke:#5b3a1e;stroke-width:3}.dot{fill:#c0392b}.curve{fill:none;stroke:#c0392b;stroke-width:1.5}
.tick{font-size:10px;fill:#666}.label{font-size:11px;fill:#333}
table{border-collapse:collapse;width:100%;background:#fff;font-size:12px}
th,td{border-bottom:1px solid #eee;padding:4px 6px;text-align:right}
th{background:#f3eee6}
.overpowered{color:#c0392b}.underpowered{color:#2471a3}.fine{color:#1e8449}.undecided{color:#7f8c8d}
.where{font-family:ui-monospace,monospace;font-size:11px;color:#555}header .where{color:#eadfce}
` + pagePrint + `
<body>
<header><h1>{{.Title}}</h1>
<div>{{.What}} <span class="where">{{.S.Target.Where}}</span>{{.Span}} · {{.S.Games}} {{.S.Mode}} games a value on the same seeds · {{playerCount .S.Players .S.PlayersMax .T}} · {{with .S.Level}}{{.}} game · {{end}}{{.S.Policy}} bots · seed {{.S.Seed}}</div></header>
<main>
<h2>Where it is fair</h2>
<p id="crossing">{{.S.Crossing}}</p>
{{with .S.FairMeasure}}<p>The curve: the {{.}}, in points, with {{ci $.S.Balance.Level}}s; the green band is the fair band (±{{band $.S.Band}} points).</p>{{else}}<p>No fair measure for this row: the curve is game length, in {{.T.Rounds}}.</p>{{end}}
{{.Chart}}
{{with .Wins}}<h2>Win rate</h2>
<p>{{if eq $.S.Kind "card"}}The win rate of the {{$.T.Players}} who drew or used it{{else}}The {{$.T.Player}}'s win rate{{end}} at each value, with {{ci $.S.Balance.Level}}s.</p>
{{.}}{{end}}
<h2>Each value</h2>
<table><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td{{with .Class}} class="{{.}}"{{end}}>{{.Text}}</td>{{end}}</tr>
{{end}}</table>
<p>{{.Note}}</p>
</main></body></html>
`))
