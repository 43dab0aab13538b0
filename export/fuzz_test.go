package export

import (
	"runtime"
	"testing"
	"time"
)

// FuzzLayoutText: any card text is read and fitted to a zone without a
// panic, within a memory and time budget, and text that fits keeps to the
// zone's width (a single letter wider than its zone cannot, and is
// reported as not fitting).
func FuzzLayoutText(f *testing.F) {
	for _, s := range []string{
		"Gain **2** {glory} and *rest*.", "Agility 4+ x3 or Combat 5+ x2", "**", "***a***", "{", "{glory", "a\u00a0b", "\\*x\\*",
		"Supercalifragilisticexpialidocious", "日本 ★ 🐍", "\n\n\nx\n\ny", "*a **b** c*",
	} {
		f.Add(s, 30.0)
	}
	st := textStyle{family: "sans", style: "regular", leading: 1.15}
	f.Fuzz(func(t *testing.T, s string, w float64) {
		if w < 1 || w > 500 || w != w {
			w = 30
		}
		if len(s) > maxText {
			s = s[:maxText]
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		paras, _ := parseMarkup(s, resolveTest)
		l := fitText(paras, w, 40, st, 8, 5)
		for _, ln := range l.lines {
			if l.fits && ln.width > w+1e-6 {
				t.Fatalf("a line %.2f mm wide in a %.2f mm zone", ln.width, w)
			}
		}
		runtime.ReadMemStats(&after)
		if used := after.TotalAlloc - before.TotalAlloc; used > 64<<20 {
			t.Fatalf("fitting %d bytes of text allocated %d MB", len(s), used>>20)
		}
		if took := time.Since(start); took > 10*time.Second {
			t.Fatalf("fitting %d bytes of text took %v", len(s), took)
		}
	})
}
