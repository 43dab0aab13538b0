package fng

import (
	"os"
	"testing"
)

func TestSmokeTrace(t *testing.T) {
	if os.Getenv("SMOKE") == "" {
		t.Skip("set SMOKE=1")
	}
	c := bundled(t)
	g := New(c)
	res, err := g.Trace(os.Stdout, 1, Options{Players: 4, Advanced: true})
	t.Logf("result %+v err %v", res, err)
	if f, ok := err.(*Failure); ok {
		t.Log(f.Stack)
	}
}

func TestSmokeMany(t *testing.T) {
	if os.Getenv("SMOKE") == "" {
		t.Skip("set SMOKE=1")
	}
	c := bundled(t)
	g := New(c)
	rounds, fails := 0, 0
	wins := map[int]int{}
	for i := range 2000 {
		res, err := g.PlaySafe(uint64(i), Options{Players: 4, Advanced: true})
		if err != nil {
			fails++
			if fails < 5 {
				t.Logf("seed %d: %v", i, err)
			}
			continue
		}
		rounds += res.Rounds
		wins[res.Winner]++
	}
	t.Logf("avg rounds %.1f fails %d wins %v", float64(rounds)/float64(2000-fails), fails, wins)
}
