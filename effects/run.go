package effects

import (
	"fmt"
	"math"
	"slices"
)

// Host is the state an expression runs against: a game. It lends the
// expression a Frame for let variables, limits and coverage counters.
type Host interface {
	Frame() *Frame
}

// Limits on running expressions: nesting (an effect whose verb runs another
// card's effect, and so on) and verb calls per top-level run. They stop
// content that would loop ("draw an Event" on an Event that draws an Event)
// with a clear error instead of a hang.
const (
	MaxDepth = 32
	MaxCalls = 10000
	maxSlots = 64
)

// Frame is per-game scratch space for running expressions. The zero value
// is ready to use; a game embeds one and returns it from Frame().
type Frame struct {
	slots [maxSlots]int64
	sp    int
	depth int
	calls int
	// Coverage, when not nil, counts branch outcomes: element
	// Program.CoverBase()+2*branch+1 counts "taken" (true), +0 "not taken".
	Coverage []uint32
}

// Reset clears the frame after an aborted run.
func (f *Frame) Reset() { f.sp, f.depth, f.calls = 0, 0, 0 }

// RuntimeError is an expression failing while it runs. Run panics with it;
// the simulator recovers, reports the card and seed, and goes on.
type RuntimeError struct {
	Src     string
	Where   string // the expression's cell ("base.xlsx:Events!I7"), when known
	Message string
}

func (e *RuntimeError) Error() string {
	if e.Where != "" {
		return fmt.Sprintf("%s: effect %q: %s", e.Where, e.Src, e.Message)
	}
	return fmt.Sprintf("effect %q: %s", e.Src, e.Message)
}

// Program is a checked expression bound to the host type H.
type Program[H Host] struct {
	*Checked
	// Where is the cell the expression came from, for runtime errors; a
	// module sets it after Bind.
	Where string
	base  int
	fn    func(H) int64
}

// fail stops the expression with a runtime error at its cell.
func (p *Program[H]) fail(format string, args ...any) {
	panic(&RuntimeError{Src: p.Src, Where: p.Where, Message: fmt.Sprintf(format, args...)})
}

// CoverBase is the index of the program's first coverage counter.
func (p *Program[H]) CoverBase() int { return p.base }

// CoverSize is the number of coverage counters the program uses.
func (p *Program[H]) CoverSize() int { return 2 * len(p.Branches) }

// Bind compiles a checked expression into closures over H. coverBase is
// where its coverage counters start in Frame.Coverage. Bind panics if a
// verb or value was registered with a function of the wrong type: that is a
// mistake in a game module, not in content.
func Bind[H Host](c *Checked, coverBase int) *Program[H] {
	p := &Program[H]{Checked: c, base: coverBase}
	b := binder[H]{p: p}
	fn := b.compile(c.root)
	if c.cond {
		base := coverBase
		inner := fn
		fn = func(h H) int64 {
			v := inner(h)
			if cv := h.Frame().Coverage; cv != nil {
				cv[base+int(v&1)]++
			}
			return v
		}
	}
	p.fn = fn
	return p
}

// Run evaluates the program. Bools come back as 0 or 1.
func (p *Program[H]) Run(h H) int64 {
	f := h.Frame()
	if f.depth == 0 {
		f.calls = 0
	}
	if f.depth >= MaxDepth {
		p.fail("effects nested more than %d deep: a card's effect keeps triggering more effects", MaxDepth)
	}
	if f.sp+p.slots > maxSlots {
		p.fail("too many let variables in nested effects")
	}
	f.depth++
	f.sp += p.slots
	v := p.fn(h)
	f.sp -= p.slots
	f.depth--
	return v
}

// True runs a condition.
func (p *Program[H]) True(h H) bool { return p.Run(h) != 0 }

type binder[H Host] struct{ p *Program[H] }

func (b *binder[H]) fail(msg string) func(H) int64 {
	p := b.p
	return func(H) int64 { p.fail("%s", msg); return 0 }
}

func (b *binder[H]) compile(n *node) func(H) int64 {
	switch n.op {
	case opConst:
		v := n.i
		return func(H) int64 { return v }
	case opValue:
		return n.value.Get.(func(H) int64)
	case opSlot:
		slot, size := int(n.i), b.p.slots
		return func(h H) int64 { f := h.Frame(); return f.slots[f.sp-size+slot] }
	case opLet:
		slot, size := int(n.i), b.p.slots
		val, body := b.compile(n.kids[0]), b.compile(n.kids[1])
		return func(h H) int64 {
			v := val(h)
			f := h.Frame()
			f.slots[f.sp-size+slot] = v
			return body(h)
		}
	case opCall:
		return b.call(n)
	case opNot:
		k := b.compile(n.kids[0])
		return func(h H) int64 { return 1 - k(h) }
	case opNeg:
		k, p := b.compile(n.kids[0]), b.p
		return func(h H) int64 {
			v := k(h)
			if v == math.MinInt64 {
				p.fail("arithmetic overflow: -(%d) is beyond the whole numbers effects use", v)
			}
			return -v
		}
	case opArith:
		return b.arith(n)
	case opCmp:
		return b.cmp(n)
	case opAnd, opOr:
		l, r := b.compile(n.kids[0]), b.compile(n.kids[1])
		at := b.p.base + 2*int(n.i)
		short := int64(0) // and: a false left side decides
		if n.op == opOr {
			short = 1
		}
		return func(h H) int64 {
			lv := l(h)
			if cv := h.Frame().Coverage; cv != nil {
				cv[at+int(lv)]++
			}
			if lv == short {
				return short
			}
			return r(h)
		}
	case opCond:
		c, x, y := b.compile(n.kids[0]), b.compile(n.kids[1]), b.compile(n.kids[2])
		at := b.p.base + 2*int(n.i)
		return func(h H) int64 {
			t := c(h)
			if cv := h.Frame().Coverage; cv != nil {
				cv[at+int(t)]++
			}
			if t != 0 {
				return x(h)
			}
			return y(h)
		}
	case opSeq:
		steps := make([]func(H) int64, len(n.kids))
		for i, k := range n.kids {
			steps[i] = b.compile(k)
		}
		return func(h H) int64 {
			var v int64
			for _, s := range steps {
				v = s(h)
			}
			return v
		}
	case opIn:
		k := b.compile(n.kids[0])
		set := slices.Clone(n.set)
		return func(h H) int64 {
			if slices.Contains(set, k(h)) {
				return 1
			}
			return 0
		}
	case opMin, opMax:
		l, r := b.compile(n.kids[0]), b.compile(n.kids[1])
		if n.op == opMin {
			return func(h H) int64 { return min(l(h), r(h)) }
		}
		return func(h H) int64 { return max(l(h), r(h)) }
	case opAbs:
		k, p := b.compile(n.kids[0]), b.p
		return func(h H) int64 {
			v := k(h)
			if v == math.MinInt64 {
				p.fail("arithmetic overflow: abs(%d) is beyond the whole numbers effects use", v)
			}
			if v < 0 {
				return -v
			}
			return v
		}
	}
	return b.fail("internal: unknown operation")
}

func (b *binder[H]) call(n *node) func(H) int64 {
	call := n.verb.Call.(func(H, Args) int64)
	args := make([]func(H) int64, len(n.kids))
	for i, k := range n.kids {
		args[i] = b.compile(k)
	}
	p := b.p
	spend := func(h H) {
		f := h.Frame()
		f.calls++
		if f.calls > MaxCalls {
			p.fail("more than %d verb calls in one effect: it keeps triggering itself", MaxCalls)
		}
	}
	switch len(args) {
	case 0:
		return func(h H) int64 { spend(h); return call(h, Args{}) }
	case 1:
		a := args[0]
		return func(h H) int64 { spend(h); return call(h, Args{a(h)}) }
	case 2:
		a, c := args[0], args[1]
		return func(h H) int64 { spend(h); return call(h, Args{a(h), c(h)}) }
	}
	return func(h H) int64 {
		spend(h)
		var in Args
		for i, a := range args {
			in[i] = a(h)
		}
		return call(h, in)
	}
}

// arith compiles + - * / %. Overflow is a runtime error at the cell, never
// a silent wrap (a card that gives 8e15 Glory).
func (b *binder[H]) arith(n *node) func(H) int64 {
	l, r := b.compile(n.kids[0]), b.compile(n.kids[1])
	p, op := b.p, n.oper
	overflow := func(x, y int64) {
		p.fail("arithmetic overflow: %d %s %d is beyond the whole numbers effects use", x, op, y)
	}
	switch op {
	case "+":
		return func(h H) int64 {
			x, y := l(h), r(h)
			s := x + y
			if (s > x) != (y > 0) {
				overflow(x, y)
			}
			return s
		}
	case "-":
		return func(h H) int64 {
			x, y := l(h), r(h)
			d := x - y
			if (d < x) != (y > 0) {
				overflow(x, y)
			}
			return d
		}
	case "*":
		return func(h H) int64 {
			x, y := l(h), r(h)
			m := x * y
			if x != 0 && (m/x != y || x == -1 && y == math.MinInt64) {
				overflow(x, y)
			}
			return m
		}
	}
	mod := op == "%"
	return func(h H) int64 {
		x, y := l(h), r(h)
		if y == 0 {
			p.fail("division by zero")
		}
		if mod {
			return x % y // never overflows: MinInt64 % -1 is 0
		}
		if x == math.MinInt64 && y == -1 {
			overflow(x, y)
		}
		return x / y
	}
}

func (b *binder[H]) cmp(n *node) func(H) int64 {
	l, r := b.compile(n.kids[0]), b.compile(n.kids[1])
	var test func(x, y int64) bool
	switch n.oper {
	case "==":
		test = func(x, y int64) bool { return x == y }
	case "!=":
		test = func(x, y int64) bool { return x != y }
	case "<":
		test = func(x, y int64) bool { return x < y }
	case "<=":
		test = func(x, y int64) bool { return x <= y }
	case ">":
		test = func(x, y int64) bool { return x > y }
	default:
		test = func(x, y int64) bool { return x >= y }
	}
	return func(h H) int64 {
		if test(l(h), r(h)) {
			return 1
		}
		return 0
	}
}
